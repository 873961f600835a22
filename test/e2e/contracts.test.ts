import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stripVTControlCharacters as plain } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/model/report.ts';
import { type CliResult, lines, REPO, readReport, runCli, tempDir } from './helpers.ts';

/** One CLI run of a suite: what it printed and exited with, and the report.json it wrote. */
interface Run {
  readonly result: CliResult;
  readonly stdout: string;
  readonly report: RunReport;
  readonly dir: string;
}

let out: { path: string; remove: () => Promise<void> };
let contracts: Run;
let lenient: Run;
let compact: Run;
let chain: Run;
let inlinePlan: Run;
let uncapped: Run;

async function run(name: string, args: readonly string[]): Promise<Run> {
  const dir = join(out.path, name);
  const result = await runCli(['run', ...args, '--out', dir]);
  return {
    result,
    stdout: plain(result.stdout),
    report: await readReport(join(dir, 'report.json')),
    dir,
  };
}

const suite = (name: string) => run(name, [`suites/${name}.yaml`]);

// The six suites are independent: run them side by side, once, for every test below.
beforeAll(async () => {
  out = await tempDir();
  [contracts, lenient, compact, chain, inlinePlan, uncapped] = await Promise.all([
    suite('example-contracts'),
    suite('example-lenient-receiver'),
    suite('example-compact-handoffs'),
    suite('code-chain'),
    suite('code-chain-inline-plan'),
    suite('code-chain-uncapped-review'),
  ]);
}, 120_000);
afterAll(() => out.remove());

/** Every failing finding as `case step code [edge path]`, sorted. */
function failing(report: RunReport, code?: string): string[] {
  return report.cases
    .flatMap((c) =>
      c.findings
        .filter((f) => f.outcome === 'fail' && (code === undefined || f.code === code))
        .map((f) => {
          const o = (f.observed ?? {}) as Record<string, unknown>;
          const where = typeof o.path === 'string' ? ` ${o.from} → ${o.to} ${o.path}` : '';
          return `${c.id} ${f.step} ${f.code}${where}`;
        }),
    )
    .sort();
}

/** Property name → how it ended on each edge (`pass` or its finding code), deduplicated. */
function outcomesByProperty(report: RunReport): Record<string, string[]> {
  const by: Record<string, Set<string>> = {};
  for (const p of report.properties) {
    by[p.property] ??= new Set();
    by[p.property]?.add(p.code ?? p.outcome);
  }
  return Object.fromEntries(Object.entries(by).map(([k, v]) => [k, [...v].sort()]));
}

const verdict = (r: Run) => lines(r.stdout).at(-2);

describe('example-contracts: the support desk with its contracts and properties', () => {
  it('exits 0: every case passes, every handoff conforms, every property holds', () => {
    expect(contracts.result.code).toBe(0);
    expect(verdict(contracts)).toBe(
      'PASS  38 cases · 38 passed · 0 failed · 0 errored · properties ok · gates 9/9',
    );
  });

  it('checked all 46 observed handoffs against a contract, and none was missing one', () => {
    expect(contracts.report.metrics.byCode['contract.violation']).toMatchObject({
      count: 0,
      of: 46,
    });
    expect(contracts.report.metrics.byCode['contract.missing']).toMatchObject({ count: 0, of: 46 });
  });

  it('property-tested 11 edges × 6 properties, 200 envelopes each (50 loops for ping-pong)', () => {
    const { properties } = contracts.report;

    expect(properties).toHaveLength(66);
    expect(properties.every((p) => p.outcome === 'pass')).toBe(true);
    expect(properties.map((p) => p.id)).toEqual(
      expect.arrayContaining(['*→refunds:accepts_valid', 'refunds→supervisor:no_coercion']),
    );
    expect(new Set(properties.map((p) => p.numRuns))).toEqual(new Set([200, 50]));
  });

  it('writes the "Envelope properties" section into report.md', async () => {
    const md = await readFile(join(contracts.dir, 'report.md'), 'utf8');

    expect(md).toContain('### Envelope properties\n\n66 passed · 0 failed');
  });
});

describe('example-lenient-receiver: a forgiving intake check', () => {
  it('exits 1 on the properties alone: routing is unchanged and all 38 cases pass', () => {
    expect(lenient.result.code).toBe(1);
    expect(lenient.report.summary).toMatchObject({ cases: 38, passed: 38 });
    expect(lenient.report.gates.filter((g) => !g.passed).map((g) => g.name)).toEqual([
      'properties failed',
    ]);
  });

  it('fails exactly rejects_invalid, names_what_broke and no_coercion, on every edge', () => {
    expect(outcomesByProperty(lenient.report)).toEqual({
      accepts_valid: ['pass'],
      rejects_invalid: ['contract.accepted_invalid'],
      names_what_broke: ['contract.vague_rejection'],
      no_coercion: ['contract.coerced'],
      deterministic: ['pass'],
      bounded_pingpong: ['pass'],
    });
    expect(lenient.report.properties.filter((p) => p.outcome === 'fail')).toHaveLength(33);
  });

  it('gives each failure a shrunk counterexample, its seed and its path', () => {
    for (const p of lenient.report.properties.filter((r) => r.outcome === 'fail')) {
      expect(p, p.id).toMatchObject({
        seed: expect.any(Number),
        path: expect.stringMatching(/^\d+(:\d+)*$/),
      });
      expect((p.counterexample as { envelope?: unknown }).envelope, p.id).toBeTypeOf('object');
    }
    const vague = lenient.report.properties.find((p) => p.id === '*→refunds:names_what_broke');
    expect(vague?.counterexample).toMatchObject({
      answer: { accepted: false, reason: 'insufficient context', fields: [] },
    });
  });

  it('prints the counterexample, seed, path and a replay command on the console', () => {
    const block =
      lenient.stdout.split('✗ FAIL  *→refunds:no_coercion')[1]?.split('✗ FAIL')[0] ?? '';

    expect(block).toMatch(/^ {2}contract\.coerced\n/);
    expect(block).toMatch(/\n {4}accepted hop as text where the contract wants a number/);
    expect(block).toMatch(/\n {4}counterexample \{"envelope":\{.*"hop":"\d+"/);
    expect(block).toMatch(/\n {4}seed -?\d+ {2}path \d+(:\d+)* {2}after \d+ runs, \d+ shrinks\n/);
    expect(block).toMatch(
      /\n {4}replay npx baton run suites\/example-lenient-receiver\.yaml --property '\*→refunds:no_coercion' --seed -?\d+ --path '\d+(:\d+)*' --clock \d+\n/,
    );
  });

  it('writes the failures with their replay commands into report.md', async () => {
    const md = await readFile(join(lenient.dir, 'report.md'), 'utf8');

    expect(md).toContain('### Envelope properties\n\n33 passed · 33 failed');
    expect(md).toMatch(
      /replay: `npx baton run suites\/example-lenient-receiver\.yaml --property '\*→refunds:no_coercion'/,
    );
  });
});

describe('replaying a counterexample with the command the console printed', () => {
  let replay: Run;
  let original: RunReport['properties'][number] | undefined;
  beforeAll(async () => {
    const printed =
      /replay npx baton run (\S+) --property '([^']+)' --seed (-?\d+) --path '([^']+)' --clock (\d+)/.exec(
        lenient.stdout.split('✗ FAIL  *→refunds:no_coercion')[1] ?? '',
      );
    const [, file = '', property = '', seed = '', path = '', clock = ''] = printed ?? [];
    original = lenient.report.properties.find((p) => p.id === property);
    replay = await run('replay', [
      ...[file, '--property', property, '--seed', seed, '--path', path, '--clock', clock],
    ]);
  });

  it('reproduces the same failure from one run, and exits 1', () => {
    expect(replay.result.code).toBe(1);
    expect(replay.report.cases).toHaveLength(0);
    expect(replay.report.properties).toHaveLength(1);
    expect(replay.report.properties[0]).toMatchObject({
      id: '*→refunds:no_coercion',
      outcome: 'fail',
      code: 'contract.coerced',
      numRuns: 1,
      seed: original?.seed,
      path: original?.path,
      clock: original?.clock,
      counterexample: original?.counterexample,
    });
  });
});

/** The table under "### Compact handoffs" in the support-router README: case, step, edge, field. */
async function documentedCompactViolations(): Promise<string[]> {
  const readme = await readFile(join(REPO, 'examples/support-router/README.md'), 'utf8');
  const section = readme.split('### Compact handoffs')[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .map((line) => line.split('|').map((c) => c.trim()))
    .filter((cells) => /^\d+$/.test(cells[2] ?? ''))
    .map(
      ([, id, step, edge, field]) =>
        `${id} ${step} contract.violation ${edge} ${field?.replaceAll('`', '')}`,
    )
    .sort();
}

describe('example-compact-handoffs: a policy that sends agents compact payloads', () => {
  it('exits 1 with every expected handoff still on time', () => {
    expect(compact.result.code).toBe(1);
    expect(verdict(compact)).toMatch(/^FAIL {2}38 cases · 24 passed · 14 failed/);
    expect(compact.report.metrics.byCode['handoff.on_time']).toMatchObject({ count: 46, of: 46 });
  });

  it('reports exactly the contract violations documented in the example README', async () => {
    const documented = await documentedCompactViolations();

    expect(documented).toHaveLength(16);
    expect(failing(compact.report, 'contract.violation')).toEqual(documented);
  });

  it('names the case, step, edge and field on the console', () => {
    const block = compact.stdout.split('✗ FAIL  refund-750-needs-approval')[1]?.split('✗ FAIL')[0];

    expect(block).toMatch(
      /\n {4}step 1 +contract\.violation +triage → refunds at step 1 broke its contract: facts\.order_id: expected a string, received no field \[structure\]\n/,
    );
  });
});

describe('code-chain: planner → coder → reviewer', () => {
  it('exits 0: 11 cases, 33 conforming handoffs, 30 properties', () => {
    expect(chain.result.code).toBe(0);
    expect(verdict(chain)).toBe(
      'PASS  11 cases · 11 passed · 0 failed · 0 errored · properties ok · gates 10/10',
    );
    expect(chain.report.metrics.byCode['contract.violation']).toMatchObject({ count: 0, of: 33 });
    expect(chain.report.properties.filter((p) => p.outcome === 'pass')).toHaveLength(30);
  });
});

describe('code-chain-inline-plan: the plan pasted in, the sandbox left out', () => {
  const planned = [
    'budget-runs-out-in-review 1',
    'plan-code-review-approved 1',
    'plan-waits-for-sandbox 2',
    'review-loop-stops-at-cap 1',
    'review-rejects-once 1',
    'sandbox-ready-before-task 1',
    'tech-lead-narrows-goal 1',
    'tests-fail-once-then-pass 1',
    'tests-fail-twice-escalates 1',
  ];

  it('exits 1, failing every case in which a plan goes out', () => {
    expect(inlinePlan.result.code).toBe(1);
    expect(
      inlinePlan.report.cases
        .filter((c) => c.status === 'pass')
        .map((c) => c.id)
        .sort(),
    ).toEqual(['question-needs-no-handoff', 'unclear-task-low-confidence']);
  });

  it('breaks the planner → coder contract twice per plan: inlined artifact, no sandbox id', () => {
    expect(failing(inlinePlan.report, 'contract.violation')).toEqual(
      planned.flatMap((at) => [
        `${at} contract.violation planner → coder artifacts[0]`,
        `${at} contract.violation planner → coder sandbox_id`,
      ]),
    );
  });

  it('leaves the drift after it to the labels: the rebuilt sandbox is the wrong one', () => {
    const drift = inlinePlan.report.cases
      .find((c) => c.id === 'plan-code-review-approved')
      ?.findings.find((f) => f.code === 'handoff.missing_fact' && f.step === 2);

    expect(drift?.expected).toMatchObject({
      fact: 'sandbox_id',
      value: 'sbx-7f3a9c',
      from: 'coder',
    });
    expect(drift?.observed).toMatchObject({ found: 'sbx-rebuilt-from-plan' });
  });
});

describe('code-chain-uncapped-review: a review loop without a cap', () => {
  it('exits 1 with the findings the example README documents', () => {
    expect(uncapped.result.code).toBe(1);
    expect(failing(uncapped.report)).toEqual([
      'review-loop-stops-at-cap 7 contract.violation reviewer → coder hop',
      'review-loop-stops-at-cap 7 handoff.wrong_target',
      'tech-lead-narrows-goal 7 contract.violation reviewer → coder hop',
      'tech-lead-narrows-goal 7 handoff.wrong_target',
      'tech-lead-narrows-goal 8 handoff.missed',
      'tech-lead-narrows-goal 9 contract.violation coder → reviewer hop',
      'tech-lead-narrows-goal 9 handoff.missing_fact',
    ]);
  });

  it('fails bounded_pingpong on all five edges, and nothing else', () => {
    expect(outcomesByProperty(uncapped.report)).toMatchObject({
      bounded_pingpong: ['contract.unbounded_pingpong'],
      accepts_valid: ['pass'],
      rejects_invalid: ['pass'],
    });
    const failed = uncapped.report.properties.filter((p) => p.outcome !== 'pass');
    expect(failed.map((p) => p.id).sort()).toEqual(
      [
        '*→tech_lead:bounded_pingpong',
        'coder→reviewer:bounded_pingpong',
        'planner→coder:bounded_pingpong',
        'reviewer→coder:bounded_pingpong',
        'tech_lead→coder:bounded_pingpong',
      ].sort(),
    );
    expect(uncapped.stdout).toContain(
      '    the sender kept delivering past the hop cap of 6 (Baton stopped the loop after 7 deliveries)',
    );
  });
});

describe('--property naming no property', () => {
  it('is one usage line with the nearest id, exit 2, not a green run of nothing', async () => {
    const result = await runCli([
      'run',
      'suites/example-lenient-receiver.yaml',
      '--property',
      '*->refunds:no_coersion',
      '--out',
      join(out.path, 'no-such-property'),
    ]);

    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual([
      'baton: Failed to select --property *->refunds:no_coersion: no property has this id (ids are <contract>:<property>, e.g. *→billing:accepts_valid). Did you mean *→refunds:no_coercion?',
    ]);
  });
});
