import { join } from 'node:path';
import { stripVTControlCharacters as plain } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/model/report.ts';
import { type CliResult, FIXTURES, readReport, runCli, tempDir } from './helpers.ts';

let out: { path: string; remove: () => Promise<void> };
let result: CliResult;
let report: RunReport;
beforeAll(async () => {
  out = await tempDir();
  result = await runCli(['run', `${FIXTURES}/verdicts/suite.yaml`, '--out', out.path]);
  report = await readReport(join(out.path, 'report.json'));
});
afterAll(() => out.remove());

/** A case's failing findings as `step code: message`. */
function failing(id: string): string[] {
  const found = report.cases.find((c) => c.id === id);
  if (!found) throw new Error(`no case ${id} in the report`);
  return found.findings
    .filter((f) => f.outcome === 'fail')
    .map((f) => `${f.step ?? '—'} ${f.code}: ${f.message}`);
}

describe('the verdicts from the seeds and tool trajectories, through the real CLI', () => {
  it('exits 1 and passes only the case whose labels were all met', () => {
    expect(result.code).toBe(1);
    expect(report.cases.filter((c) => c.status === 'pass').map((c) => c.id)).toEqual(['clean']);
    expect(failing('clean')).toEqual([]);
  });

  it('effect.forbidden: a `times: 0` effect that happens is forbidden, not double', () => {
    expect(failing('forbidden-refund')).toEqual([
      '1 effect.forbidden: refund A-2002 committed once (by triage); it must not happen',
    ]);
  });

  it('effect.early / effect.late: effect labels with `at` or `window`, the distance in steps', () => {
    expect(failing('effect-timing')).toEqual([
      '0 effect.early: email A-3003 committed at step 0 by refunds, 2 steps before step 2',
      '3 effect.late: refund A-3003 committed at step 3 by refunds, 2 steps after steps 0–1',
    ]);
    const timing = report.cases.find((c) => c.id === 'effect-timing');
    expect(timing?.findings.map((f) => f.distance)).toEqual([-2, 2]);
  });

  it('handoff.reask: the receiver asks for a fact step 0 gave, found by the suite’s phrasing', () => {
    expect(failing('reask-order-number')).toEqual([
      '2 handoff.reask: refunds asked customer "Could you send me your order number?" at step 2 after triage handed over at step 1, but step 0 already gave order_id (A-1001)',
    ]);
  });

  it('handoff.wrong_reason: opted in by `checks: { reason: true }`', () => {
    expect(failing('wrong-reason')).toEqual([
      '1 handoff.wrong_reason: refunds → supervisor at step 1 gave reason low_confidence; expected policy_gate',
    ]);
  });

  it('tool.order, tool.args, tool.missing and tool.unexpected under their match modes', () => {
    expect(failing('tools-strict')).toEqual([
      '2 tool.order: lookup_order was call 2 at step 2; expected it as call 1 (strict)',
    ]);
    expect(failing('tools-args')).toEqual([
      '1 tool.args: issue_refund at step 1 was called with amount = 4; expected 40',
    ]);
    expect(failing('tools-unordered')).toEqual([
      '— tool.missing: expected issue_refund (call 2, unordered), but it was never called',
      '0 tool.unexpected: delete_account {"customer":"c-7"} by refunds at step 0 was not expected (unordered)',
    ]);
  });

  it('prints each new code in the console, and rates over their own opportunities', () => {
    const text = plain(result.stdout);
    for (const code of [
      'effect.forbidden',
      'effect.early',
      'effect.late',
      'handoff.reask',
      'handoff.wrong_reason',
      'tool.order',
      'tool.args',
      'tool.missing',
      'tool.unexpected',
    ]) {
      expect(text).toMatch(
        new RegExp(`step \\d+\\s+${code.replace('.', '\\.')}|—\\s+${code.replace('.', '\\.')}`),
      );
    }
    expect(report.metrics.byCode['effect.forbidden']).toMatchObject({ count: 1, of: 1 });
    expect(report.metrics.byCode['handoff.reask']).toMatchObject({ count: 1, of: 2 });
  });
});
