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
  result = await runCli(['run', `${FIXTURES}/matching/suite.yaml`, '--out', out.path]);
  report = await readReport(join(out.path, 'report.json'));
});
afterAll(() => out.remove());

/** Case id → its failing findings as `code@step`. */
function failing(r: RunReport): Record<string, string[]> {
  return Object.fromEntries(
    r.cases.map((c) => [
      c.id,
      c.findings.filter((f) => f.outcome === 'fail').map((f) => `${f.code}@${f.step}`),
    ]),
  );
}

describe('baton run: which handoff a label means, on a desk with one flaw per case', () => {
  it('names each flaw by its own code, and only that', () => {
    expect(result.code).toBe(1);
    expect(failing(report)).toEqual({
      'match-correct': [],
      // Billing told before refunds, labelled the other way round: the order, nothing else.
      'match-out-of-order': ['handoff.out_of_order@1'],
      // The bounce is the failure; the on-time escalation after it is not blamed.
      'match-bounce-then-escalate': ['handoff.bounced@2'],
      // Unneeded at step 0 is not the expected handoff at step 1: no wrong target, no fact.
      'match-unneeded-then-missed': ['handoff.missed@1', 'handoff.missed@2', 'handoff.unneeded@0'],
      // Billing is not charged with refunds' facts.
      'match-wrong-target': ['handoff.wrong_target@1', 'handoff.missed@2'],
      'match-resend-after-rejection': ['handoff.bounced@1'],
      'match-redelegate-after-answer': ['handoff.bounced@1'],
      'match-prose-contains': [],
      'match-prose-equals': ['handoff.missing_fact@1'],
    });
  });

  it('says how the work came back before it was sent again', () => {
    const text = plain(result.stdout);
    expect(text).toContain(
      'step 1  handoff.bounced  triage sent the same work to refunds again at step 1 after refunds answered back without finishing it (triage → refunds → triage → refunds)',
    );
    expect(text).toContain(
      'step 1  handoff.bounced  triage sent the same work to refunds again at step 1 after refunds rejected it (triage → refunds → triage → refunds)',
    );
    expect(text).toContain(
      'step 2  handoff.bounced  work bounced triage → refunds → triage (returned at step 2)',
    );
    expect(text).toContain(
      'step 1  handoff.out_of_order  triage → billing at step 1 came before triage → refunds, which is labelled first (handoffs made one after another must come in label order)',
    );
  });

  it('counts missing facts over the facts judged, and bounces over observed handoffs', () => {
    // 7 cases pair both carrying expectations to accepted receivers (one of them out of order),
    // wrong-target pairs none: 14 facts.
    expect(report.metrics.byCode['handoff.missing_fact']).toMatchObject({ count: 1, of: 14 });
    expect(report.metrics.byCode['handoff.bounced']).toMatchObject({ count: 3, of: 20 });
  });

  it('puts a wrong target and an unneeded handoff in their own cells of the confusion matrix', () => {
    const { counts } = report.metrics.confusion;
    expect(counts.refunds).toEqual({ refunds: 7, billing: 1, none: 1 });
    expect(counts.none).toEqual({ billing: 1, triage: 1, refunds: 2 });
  });
});

describe('baton run with `checks: { missing-fact: { match: contains } }`', () => {
  it('finds a bare fact inside the payload’s prose, and the case passes', async () => {
    const dir = join(out.path, 'contains');
    const run = await runCli(['run', `${FIXTURES}/matching/suite-contains.yaml`, '--out', dir]);
    expect(run.code).toBe(0);
    expect(failing(await readReport(join(dir, 'report.json')))).toEqual({
      'match-prose-equals': [],
    });
  });
});
