import { join } from 'node:path';
import { stripVTControlCharacters as plain } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/model/report.ts';
import { type CliResult, lines, readReport, runCli, tempDir } from './helpers.ts';

// The OpenAI Agents SDK desk (examples/openai-agents), offline: a scripted model answers, the
// SDK runs the handoffs and tools for real, Baton reads the SDK's own spans.

let out: { path: string; remove: () => Promise<void> };
beforeAll(async () => {
  out = await tempDir();
});
afterAll(() => out.remove());

async function run(suite: string): Promise<{ result: CliResult; report: RunReport }> {
  const dir = join(out.path, suite.replaceAll('/', '-'));
  const file = suite.endsWith('.yaml') ? suite : `suites/${suite}.yaml`;
  const result = await runCli(['run', file, '--out', dir], {
    killAfterMs: 30_000,
  });
  return { result, report: await readReport(join(dir, 'report.json')) };
}

/** `case step code` for every failing finding of a report, sorted. */
function failing(report: RunReport): string[] {
  return report.cases
    .flatMap((c) =>
      c.findings.filter((f) => f.outcome === 'fail').map((f) => `${c.id} ${f.step} ${f.code}`),
    )
    .sort();
}

describe('baton run suites/openai-agents.yaml: the careful desk', () => {
  let result: CliResult;
  let report: RunReport;
  beforeAll(async () => {
    ({ result, report } = await run('openai-agents'));
  }, 40_000);

  it('passes every case and gate, and exits 0', () => {
    expect(result.code).toBe(0);
    expect(lines(plain(result.stdout)).at(-2)).toMatch(
      /^PASS {2}9 cases · 9 passed · 0 failed · 0 errored · gates 11\/11/,
    );
    expect(failing(report)).toEqual([]);
  });

  it('observes each handoff the labels expect, at its step, escalations and returns included', () => {
    const observed = (id: string) =>
      report.cases.find((c) => c.id === id)?.handoffs.map((h) => `${h.from}>${h.to}@${h.step}`);

    expect(observed('oa-refund-after-order-id')).toEqual(['triage>refunds@1']);
    expect(observed('oa-refund-over-limit-rejected')).toEqual([
      'triage>refunds@0',
      'refunds>supervisor@0',
      'supervisor>refunds@2',
    ]);
    expect(observed('oa-shipping-question')).toEqual([]);
  });

  it('judges the refunds the desk committed and the contracts of every edge', () => {
    const byCode = report.metrics.byCode;

    expect(byCode['effect.missing']).toMatchObject({ count: 0, of: 4 });
    expect(byCode['contract.violation']).toMatchObject({ count: 0, of: 13 });
    expect(byCode['handoff.on_time']).toMatchObject({ count: 13, of: 13 });
  });
});

describe('baton run suites/openai-agents-flawed.yaml: triage hands refunds over too early', () => {
  let result: CliResult;
  let report: RunReport;
  beforeAll(async () => {
    ({ result, report } = await run('openai-agents-flawed'));
  }, 40_000);

  it('exits 1 with the two refund cases failing', () => {
    expect(result.code).toBe(1);
    expect(lines(plain(result.stdout)).at(-2)).toMatch(
      /^FAIL {2}9 cases · 7 passed · 2 failed · 0 errored/,
    );
  });

  it('reports the early handoff and the broken contract at step 0, and no fact nobody had yet', () => {
    // The customer gives the order id and amount at step 1: the handoff at step 0 is early, and
    // is not also charged missing_fact for what it could not have carried.
    expect(failing(report)).toEqual([
      'oa-refund-after-order-id 0 contract.violation',
      'oa-refund-after-order-id 0 contract.violation',
      'oa-refund-after-order-id 0 handoff.early',
      'oa-refund-amount-later 0 contract.violation',
      'oa-refund-amount-later 0 handoff.early',
    ]);
  });

  it('says on the console what was missing, in words', () => {
    const text = plain(result.stdout);

    expect(text).toMatch(
      /step 0 {2}handoff\.early +triage → refunds at step 0, 1 step before step 1/,
    );
    expect(text).toContain(
      'triage → refunds at step 0 broke its contract: amount: expected a number, received null',
    );
  });

  it('fails the gates on exactly those codes', () => {
    const failed = report.gates.filter((g) => !g.passed).map((g) => [g.name, g.actual]);

    expect(failed).toEqual([
      ['count(handoff.early)', 2],
      ['count(contract.violation)', 3],
      ['pass_rate', expect.closeTo(7 / 9, 3)],
    ]);
  });
});

describe('baton run examples/openai-agents/cassette/suite.yaml: the OpenAI model, replayed', () => {
  let result: CliResult;
  let report: RunReport;
  beforeAll(async () => {
    ({ result, report } = await run('examples/openai-agents/cassette/suite.yaml'));
  }, 40_000);

  it('answers every Responses API request from the cassette and passes, with no network', () => {
    expect(result.code).toBe(0);
    expect(report.cases.map((c) => [c.id, c.status, c.handoffs.map((h) => h.to)])).toEqual([
      ['oa-billing-double-charge', 'pass', ['billing']],
      ['oa-refund-up-front', 'pass', ['refunds']],
    ]);
  });
});
