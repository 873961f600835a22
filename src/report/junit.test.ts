import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { CaseList, CaseResult, RunReport } from '../model/report.ts';
import { erroredRun, regressedRun, repeatedRun } from './fixtures.ts';
import { renderJunit, renderJunitChunks } from './junit.ts';

function testcases(xml: string): string[] {
  return [...xml.matchAll(/<testcase [^>]*?(?:\/>|>[\s\S]*?<\/testcase>)/g)].map((m) => m[0]);
}

describe('renderJunit', () => {
  test('writes one testcase per case, failures carrying every finding with file and line', () => {
    const report = regressedRun();
    const late = report.cases.find((c) => c.id === 'outage-report');
    if (!late) throw new Error('fixture changed');
    const withLine: RunReport = {
      ...report,
      cases: report.cases.map((c) =>
        c === late ? { ...c, findings: c.findings.map((f) => ({ ...f, line: 14 })) } : c,
      ),
    };

    const xml = renderJunit(withLine);

    expect(testcases(xml)).toHaveLength(report.cases.length);
    expect(xml).toMatch(/<testsuites name="Baton support-desk" tests="8" failures="3" errors="0"/);
    const outage = testcases(xml).find((t) => t.includes('name="outage-report:'));
    expect(outage).toContain('classname="cases/outage-report.yaml"');
    expect(outage).toContain('<failure message="triage → tech_support expected at step 0');
    expect(outage).toContain('type="handoff.late"');
    expect(outage).toContain('cases/outage-report.yaml:14  step 1  handoff.late');
  });

  test("a variant's run names its variant, in the suites and the class names, pieces and all", () => {
    const report = regressedRun();
    const proposed: RunReport = { ...report, suite: { ...report.suite, variant: 'proposed' } };

    const xml = renderJunit(proposed);

    expect(xml).toMatch(/<testsuites name="Baton support-desk \(proposed\)"/);
    expect(xml).toContain('<testsuite name="support-desk (proposed)"');
    expect(testcases(xml)[0]).toContain('classname="cases/');
    expect(testcases(xml).every((t) => /classname="[^"]* \(proposed\)"/.test(t))).toBe(true);
    expect([...renderJunitChunks(proposed, 3)].join('')).toBe(xml);
    expect(renderJunit(report)).not.toContain('(proposed)');
  });

  test('an errored case is an <error> with its code, not a failure', () => {
    const xml = renderJunit(erroredRun());
    const vip = testcases(xml).find((t) => t.includes('name="vip-cancellation:'));

    expect(vip).toMatch(
      /<error message="Failed to run case vip-cancellation[^"]*" type="adapter.timeout"/,
    );
    expect(vip).not.toContain('<failure');
  });

  test('a repeated case has one testcase per repeat', () => {
    const report = repeatedRun();
    const flaky = report.cases.find((c) => c.id === 'low-confidence-intent');
    if (!flaky) throw new Error('fixture changed');
    const runs = [0, 1, 2].map((repeat) => ({
      repeat,
      status: repeat === 1 ? ('fail' as const) : ('pass' as const),
      durationMs: 10,
      findings: repeat === 1 ? flaky.findings.filter((f) => f.outcome === 'fail') : [],
    }));
    const xml = renderJunit({
      ...report,
      cases: report.cases.map((c) => (c === flaky ? { ...c, runs } : c)),
    });
    const mine = testcases(xml).filter((t) => t.includes('name="low-confidence-intent:'));

    expect(mine.map((t) => /\[repeat (\d)\/3\]/.exec(t)?.[1])).toEqual(['1', '2', '3']);
    expect(mine.map((t) => t.includes('<failure'))).toEqual([false, true, false]);
  });

  test('properties are testcases of their own; a failure carries the seed and replay command', () => {
    const report: RunReport = {
      ...regressedRun(),
      properties: [
        {
          id: 'triage-refunds:rejects_invalid',
          contract: 'triage-refunds',
          from: 'triage',
          to: 'refunds',
          property: 'rejects_invalid',
          outcome: 'fail',
          code: 'contract.accepted_invalid',
          numRuns: 200,
          seed: 42,
          clock: 1000,
          path: '3:1',
          counterexample: { order_id: '' },
          message: 'refunds accepted an envelope with an empty order_id',
        },
        {
          id: 'triage-refunds:deterministic',
          contract: 'triage-refunds',
          from: 'triage',
          to: 'refunds',
          property: 'deterministic',
          outcome: 'skip',
          numRuns: 0,
          seed: 42,
          clock: 1000,
          message: 'the receiver is not exposed',
        },
      ],
    };

    const xml = renderJunit(report);

    expect(xml).toContain('<testsuite name="support-desk properties"');
    expect(xml).toContain('type="contract.accepted_invalid"');
    expect(xml).toContain("--property 'triage-refunds:rejects_invalid' --seed 42 --path '3:1'");
    expect(xml).toMatch(/name="triage-refunds:deterministic"[^>]*>\s*<skipped\/>/);
  });

  test('terminal escapes and quotes in messages leave well-formed XML', () => {
    const report = erroredRun();
    const hostile: RunReport = {
      ...report,
      cases: report.cases.map((c) =>
        c.error
          ? {
              ...c,
              error: { code: 'adapter.threw', message: 'boom \u001b[31m"red"\u0000 ]]> <x>' },
            }
          : c,
      ),
    };

    const xml = renderJunit(hostile);

    const controls = [...xml].filter((ch) => ch < ' ' && !'\t\n\r'.includes(ch));
    expect(controls).toEqual([]);
    expect(xml).toContain('message="boom \uFFFD[31m&quot;red&quot;\uFFFD ]]> &lt;x>"');
  });
});

describe('renderJunitChunks', () => {
  const repeated = repeatedRun().cases.map((c, i) =>
    i === 0
      ? {
          ...c,
          runs: [0, 1].map((repeat) => ({
            repeat,
            status: repeat === 1 ? ('fail' as const) : ('pass' as const),
            durationMs: 7,
            findings: repeat === 1 ? c.findings : [],
          })),
        }
      : c,
  );
  const pool: CaseResult[] = [
    ...regressedRun().cases,
    ...erroredRun().cases,
    ...repeated,
    {
      ...regressedRun().cases[0],
      id: 'a&b',
      title: 'quotes " and <tags>\nand a newline',
    } as CaseResult,
  ];
  /** Read one case at a time, as cases spilled by a CLI run are; counts the passes over them. */
  const spilled = (cases: CaseResult[]): CaseList & { passes: number } => ({
    length: cases.length,
    passes: 0,
    *[Symbol.iterator]() {
      this.passes++;
      yield* cases;
    },
  });

  test('writes the same document as renderJunit, byte for byte, whatever the batch', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(pool.length - 1), { maxLength: 14 }),
        fc.integer({ min: 1, max: 5 }),
        fc.string(),
        fc.boolean(),
        (picks, batch, name, withProperties) => {
          const base = regressedRun();
          const report: RunReport = {
            ...base,
            suite: { ...base.suite, name },
            cases: picks.map((i) => pool[i] as CaseResult),
            properties: withProperties
              ? [
                  {
                    id: `${name}:rejects_invalid`,
                    contract: 'c',
                    from: 'triage',
                    to: 'refunds',
                    property: 'rejects_invalid',
                    outcome: 'fail',
                    code: 'contract.accepted_invalid',
                    numRuns: 5,
                    seed: 1,
                    clock: 0,
                    message: 'accepted <bad> & "worse"',
                  },
                  {
                    id: 'p:skipped',
                    contract: 'c',
                    from: 'triage',
                    to: 'refunds',
                    property: 'deterministic',
                    outcome: 'skip',
                    numRuns: 0,
                    seed: 1,
                    clock: 0,
                    message: 'not exposed',
                  },
                ]
              : [],
          };
          const whole = renderJunit(report);
          const cases = spilled(report.cases as CaseResult[]);
          const pieces = [...renderJunitChunks({ ...report, cases }, batch)];

          expect(pieces.join('')).toBe(whole);
          if (report.cases.length > batch) expect(pieces.length).toBeGreaterThan(2);
        },
      ),
    );
  });

  test('a run larger than one batch is written in pieces, its totals counted first', () => {
    const cases = spilled([...regressedRun().cases, ...erroredRun().cases]);
    const report = { ...regressedRun(), cases };

    const pieces = [...renderJunitChunks(report, 3)];

    expect(cases.passes).toBe(2);
    expect(pieces[0]).toMatch(
      /<testsuites name="Baton support-desk" tests="\d+" failures="[1-9]\d*" errors="[1-9]\d*"/,
    );
    expect(pieces.filter((p) => p.includes('<testcase')).length).toBe(Math.ceil(cases.length / 3));
  });
});
