import { join } from 'node:path';
import { stripVTControlCharacters as plain } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/model/report.ts';
import { type CliResult, lines, readReport, runCli, tempDir } from './helpers.ts';

let out: { path: string; remove: () => Promise<void> };
beforeAll(async () => {
  out = await tempDir();
});
afterAll(() => out.remove());

/** Each case's failing finding codes, sorted: `{ id: [codes] }`. */
function failingCodes(report: RunReport): Record<string, string[]> {
  const byCase: Record<string, string[]> = {};
  for (const c of report.cases) {
    const codes = c.findings.filter((f) => f.outcome !== 'pass').map((f) => f.code);
    if (codes.length > 0) byCase[c.id] = codes.sort();
  }
  return byCase;
}

describe('baton run suites/traces.yaml: incidents judged on traces exported after the fixes', () => {
  let result: CliResult;
  let report: RunReport;
  beforeAll(async () => {
    const dir = join(out.path, 'fixed');
    result = await runCli(['run', 'suites/traces.yaml', '--out', dir]);
    report = await readReport(join(dir, 'report.json'));
  });

  it('exits 0: every case passes on the Baton, GenAI, OpenInference and Agents SDK traces', () => {
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(lines(plain(result.stdout)).at(-2)).toBe(
      'PASS  5 cases · 5 passed · 0 failed · 0 errored · gates 2/2',
    );
    expect(report.summary).toMatchObject({ cases: 5, passed: 5, failed: 0, errored: 0 });
    expect(report.suite.adapter).toBe('traces (4 files)');
  });

  it('observes every labelled handoff at its derived step', () => {
    const observed = Object.fromEntries(
      report.cases.map((c) => [c.id, c.handoffs.map((h) => `${h.from}→${h.to}@${h.step}`)]),
    );

    expect(observed).toEqual({
      'crew-refund-wrong-coworker': ['lead→refunds@0'],
      'double-charge-missed-escalation': ['Triage→Billing@0', 'Billing→supervisor@1'],
      'parcel-question-no-handoff': [],
      'refund-escalation-late': ['triage→refunds@1', 'refunds→supervisor@1'],
      'return-ping-pong': ['Triage_Agent→Refund_Agent@0'],
    });
  });
});

describe('baton run suites/traces-incidents.yaml: the same cases on the incident traces', () => {
  let result: CliResult;
  let report: RunReport;
  beforeAll(async () => {
    const dir = join(out.path, 'incidents');
    result = await runCli(['run', 'suites/traces-incidents.yaml', '--out', dir]);
    report = await readReport(join(dir, 'report.json'));
  });

  it('exits 1 with the finding each incident report describes', () => {
    expect(result.code).toBe(1);
    expect(failingCodes(report)).toEqual({
      'crew-refund-wrong-coworker': ['handoff.wrong_target'],
      'double-charge-missed-escalation': ['handoff.missed'],
      'parcel-question-no-handoff': ['handoff.unneeded'],
      'refund-escalation-late': ['handoff.late'],
      'return-ping-pong': ['handoff.bounced', 'handoff.hops_exceeded'],
    });
    expect(report.summary).toMatchObject({ passed: 0, failed: 5, errored: 0 });
  });

  it('prints where and how each case went wrong', () => {
    const text = plain(result.stdout);

    expect(text).toContain(
      'step 2  handoff.late  refunds → supervisor at step 2, 1 step after step 1',
    );
    expect(text).toContain(
      'step 1  handoff.missed  expected Billing → supervisor at step 1, but Billing never handed off',
    );
    expect(text).toContain(
      'step 0  handoff.wrong_target  lead handed to billing at step 0; expected refunds',
    );
    expect(lines(text).at(-2)).toBe('FAIL  5 cases · 0 passed · 5 failed · 0 errored · gates 1/6');
  });
});

describe('a trace case whose trace is missing', () => {
  it('is an errored case naming the id and the file, and the run goes on', async () => {
    const dir = join(out.path, 'missing');
    const result = await runCli([
      'run',
      'test/fixtures/traces/missing/suite.yaml',
      '--out',
      dir,
      '--reporter',
      'json',
    ]);
    const report = await readReport(join(dir, 'report.json'));

    expect(result.code).toBe(1);
    const [c] = report.cases;
    expect(c?.status).toBe('error');
    expect(c?.findings[0]?.observed).toMatchObject({
      code: 'adapter.threw',
      message: expect.stringContaining(
        'Failed to find a trace of conversation conv-0000 for case lost-conversation in test/fixtures/traces/fixed/support-chat.jsonl.',
      ),
    });
  });
});
