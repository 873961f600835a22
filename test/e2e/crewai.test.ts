import { join } from 'node:path';
import { stripVTControlCharacters as plain } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/model/report.ts';
import { type CliResult, lines, REPO, readReport, runCli, tempDir } from './helpers.ts';
import { assertReportsMatchSchema } from './report-schema.ts';

let out: { path: string; remove: () => Promise<void> };
beforeAll(async () => {
  out = await tempDir();
});
afterAll(() => out.remove());

async function run(
  name: string,
  args: string[],
): Promise<{ result: CliResult; report: RunReport }> {
  const dir = join(out.path, name);
  const result = await runCli(['run', ...args, '--out', dir]);
  return { result, report: await readReport(join(dir, 'report.json')) };
}

function failingCodes(report: RunReport): Record<string, string[]> {
  const byCase: Record<string, string[]> = {};
  for (const c of report.cases) {
    const codes = c.findings.filter((f) => f.outcome !== 'pass').map((f) => f.code);
    if (codes.length > 0) byCase[c.id] = codes.sort();
  }
  return byCase;
}

describe.each([
  ['wrappers', 'suites/crewai.yaml', 'test/fixtures/traces/crewai-incidents/wrappers.yaml'],
  [
    'event listener',
    'suites/crewai-events.yaml',
    'test/fixtures/traces/crewai-incidents/events.yaml',
  ],
])(
  'the crewai preset on an openinference-instrumentation-crewai export (%s mode)',
  (mode, fixed, incidents) => {
    it('passes every case of the fixed release, even under --strict, and counts what each rule matched', async () => {
      const { result, report } = await run(`${mode}-fixed`, [fixed, '--strict']);

      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(lines(plain(result.stdout)).at(-2)).toBe(
        'PASS  3 cases · 3 passed · 0 failed · 0 errored · gates 2/2',
      );
      expect(report.warnings).toBeUndefined();
      expect(
        (report.recognition ?? [])
          .filter((c) => c.source !== 'shape')
          .map((c) => `${c.source} ${c.name}: ${c.spans} spans in ${c.cases}/${c.of}`),
      ).toEqual([
        'preset crewai: Delegate work to coworker: 3 spans in 3/3',
        'preset crewai: Ask question to coworker: 1 spans in 1/3',
        'rule attribute tool.name=issue_refund: 3 spans in 3/3',
        'steps customer_turns: 4 spans in 3/3',
      ]);
      expect(
        Object.fromEntries(
          report.cases.map((c) => [c.id, c.handoffs.map((h) => `${h.from}→${h.to}@${h.step}`)]),
        ),
      ).toEqual({
        'crew-question-then-refund': ['lead→refunds@0'],
        'crew-refund-after-order': ['lead→refunds@1'],
        'crew-refund-ping-pong': ['lead→refunds@0'],
      });
    });

    it('finds each incident: the wrong coworker, the refund never made, the work bounced back and sent again', async () => {
      const { result, report } = await run(`${mode}-incidents`, [incidents]);

      expect(result.code).toBe(1);
      const codes = failingCodes(report);
      expect(codes['crew-refund-after-order']).toEqual(['effect.missing', 'handoff.wrong_target']);
      expect(codes['crew-question-then-refund']).toBeUndefined();
      // The same work sent again after the coworker's answer came back: ping-pong. The wrapper
      // mode records no agent span for the coworker; only the delegation's return shows it.
      expect(codes['crew-refund-ping-pong']).toEqual(['handoff.bounced', 'handoff.hops_exceeded']);
      expect(
        report.cases
          .find((c) => c.id === 'crew-refund-ping-pong')
          ?.handoffs.map((h) => `${h.from}→${h.to}`),
      ).toEqual(['lead→refunds', 'lead→refunds']);
    });
  },
);

describe('a recognition rule that matches no span (the old CrewAI recipe)', () => {
  const suite = 'test/fixtures/traces/no-match/suite.yaml';

  it('warns in the console and the report, pointing at the rule, and explains the missed handoffs', async () => {
    const { result, report } = await run('no-match', [suite]);
    const text = plain(result.stdout);

    expect(result.code).toBe(1);
    expect(text).toContain(
      `! WARNING  ${suite}:11  recognize.unmatched  rule adapter.recognize[0] (name "Delegate work to coworker") matched no span in any of the 3 cases judged`,
    );
    expect(text).toMatch(
      /^rule name "Delegate work to coworker"\s+adapter\.recognize\[0\] \(line 11\)\s+0\s+0\/3$/m,
    );
    expect(lines(text).at(-2)).toBe(
      'FAIL  3 cases · 0 passed · 3 failed · 0 errored · gates 1/2 · 3 warnings',
    );
    // The labelled refund comes from no rule either: the recipe recognises nothing at all.
    expect(report.warnings?.map((w) => [w.code, w.severity, w.line])).toEqual([
      ['recognize.unmatched', 'warning', 11],
      ['effects.undeclared', 'warning', 13],
      ['handoffs.unrecognized', 'warning', undefined],
    ]);
  });

  it('is an error under --strict: exit 2, the run fails, and the report says so', async () => {
    const { result, report } = await run('no-match-strict', [suite, '--strict']);
    const text = plain(result.stdout);

    expect(result.code).toBe(2);
    expect(text).toContain(`✗ ERROR  ${suite}:11  recognize.unmatched`);
    expect(lines(text).at(-2)).toMatch(
      /^FAIL .* · 1 warning is an error under --strict · 2 warnings$/,
    );
    expect(report.passed).toBe(false);
    expect(report.warnings?.[0]).toMatchObject({ code: 'recognize.unmatched', severity: 'error' });
    // Counts and warnings are part of the published report schema.
    assertReportsMatchSchema(result.stdout, REPO);
  });
});
