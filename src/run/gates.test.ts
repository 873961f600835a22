import { describe, expect, it } from 'vitest';
import type { CaseRun } from '../metrics/case-run.ts';
import { computeMetrics } from '../metrics/compute-metrics.ts';
import type { RunSummary } from '../model/report.ts';
import { evaluateGates, gatesToJudge, runVerdict } from './gates.ts';

const summary: RunSummary = { cases: 2, passed: 1, failed: 1, errored: 0, byCode: {} };
const run = (over: Partial<CaseRun>): CaseRun => ({
  status: 'pass',
  findings: [],
  handoffs: [],
  opportunities: { 'handoff.late': 2 },
  targets: [],
  durationMs: 1,
  ...over,
});
const late = {
  check: 'handoff-timing',
  code: 'handoff.late',
  outcome: 'fail',
  spanIds: [],
  message: '',
} as const;
const metrics = computeMetrics([[run({ status: 'fail', findings: [late] })], [run({})]], {
  'handoff.late': 3,
});

describe('evaluateGates', () => {
  it('judges counts, rates, pass rate and cost against their thresholds', () => {
    const gates = evaluateGates(
      [
        { metric: 'count', code: 'handoff.late', max: 0 },
        { metric: 'rate', code: 'handoff.late', max: 0.5, bound: 'point' },
        { metric: 'pass_rate', min: 0.5 },
        { metric: 'cost', max: 2 },
      ],
      metrics,
      summary,
    );
    expect(gates.map((g) => [g.name, g.threshold, g.actual, g.passed])).toEqual([
      ['count(handoff.late)', '<= 0', 1, false],
      ['rate(handoff.late)', '<= 0.5', 0.25, true],
      ['pass_rate', '>= 0.5', 0.5, true],
      ['cost', '<= 2', 3, false],
      ['errored', '<= 0', 0, true],
    ]);
  });

  it('gates on the upper end of the interval when asked', () => {
    const [upper] = evaluateGates(
      [{ metric: 'rate', code: 'handoff.late', max: 0.5, bound: 'upper' }],
      metrics,
      summary,
    );
    expect(upper).toMatchObject({ name: 'rate(handoff.late) upper 95%', passed: false });
  });

  it('reads n/a, never pass, for a rate whose code had no opportunity in judged cases', () => {
    const [empty] = evaluateGates(
      [{ metric: 'rate', code: 'handoff.bounced', max: 0, bound: 'upper' }],
      metrics,
      summary,
    );
    expect(empty).toMatchObject({
      outcome: 'n/a',
      passed: false,
      note: 'no opportunity for handoff.bounced in this run',
    });
  });

  it('applies the default gates when a suite declares none', () => {
    const gates = evaluateGates([], metrics, summary);

    expect(gates.map((g) => [g.name, g.implied])).toEqual([
      ['pass_rate', undefined],
      ['errored', undefined],
    ]);
  });
});

describe('the implied errored gate', () => {
  // The reported run: 6 cases, 3 passed, 3 errored; the suite's gates read only judged cases.
  const half = computeMetrics(
    [[run({})], [run({})], [run({})], ...Array(3).fill([run({ status: 'error' })])],
    {},
  );
  const halfSummary: RunSummary = { cases: 6, passed: 3, failed: 0, errored: 3, byCode: {} };
  const written = [
    { metric: 'pass_rate', min: 0.95 },
    { metric: 'count', code: 'handoff.bounced', max: 0 },
  ] as const;

  it('is added, marked implied, to a list of gates that says nothing of errors', () => {
    expect(gatesToJudge(written)).toEqual([
      ...written,
      { metric: 'errored', max: 0, implied: true },
    ]);
  });

  it('fails a run in which half the cases errored while the written gates pass', () => {
    const gates = evaluateGates(written, half, halfSummary);

    expect(gates.map((g) => [g.name, g.outcome, g.actual, g.implied])).toEqual([
      ['pass_rate', 'pass', 1, undefined],
      ['count(handoff.bounced)', 'pass', 0, undefined],
      ['errored', 'fail', 3, true],
    ]);
    expect(runVerdict(gates, half, halfSummary, 0).passed).toBe(false);
  });

  it('is not added when the suite says how many errors it tolerates', () => {
    const tolerant = [...written, { metric: 'errored', max: 3 } as const];
    const gates = evaluateGates(tolerant, half, halfSummary);

    expect(gates.map((g) => [g.name, g.outcome])).toEqual([
      ['pass_rate', 'pass'],
      ['count(handoff.bounced)', 'pass'],
      ['errored', 'pass'],
    ]);
    expect(runVerdict(gates, half, halfSummary, 0).passed).toBe(true);
  });

  it('does not make a list whose own gates all read n/a count as judged', () => {
    const gates = evaluateGates(
      [{ metric: 'rate', code: 'handoff.bounced', max: 0, bound: 'point' }],
      metrics,
      summary,
    );

    expect(gates.map((g) => g.outcome)).toEqual(['n/a', 'pass']);
    expect(runVerdict(gates, metrics, summary, 0)).toEqual({
      passed: false,
      reasons: ['no gate had anything to judge'],
    });
  });
});

describe('gates over a run where every case errored', () => {
  const errored = run({ status: 'error', opportunities: { 'case.error': 1 } });
  const allErrored = computeMetrics([[errored], [errored]], {});
  const erroredSummary: RunSummary = { cases: 2, passed: 0, failed: 0, errored: 2, byCode: {} };
  const gates = evaluateGates(
    [
      { metric: 'pass_rate', min: 1 },
      { metric: 'pass_all_repeats', min: 1 },
      { metric: 'rate', code: 'handoff.late', max: 0.1, bound: 'point' },
      { metric: 'count', code: 'handoff.missed', max: 0 },
      { metric: 'cost', max: 5 },
      { metric: 'errored', max: 2 },
    ],
    allErrored,
    erroredSummary,
  );

  it('fail every gate that reads judged cases, saying no case produced a verdict', () => {
    expect(gates.map((g) => [g.name, g.outcome, g.note])).toEqual([
      ['pass_rate', 'fail', 'no case produced a verdict (2 errored)'],
      ['pass^k', 'fail', 'no case produced a verdict (2 errored)'],
      ['rate(handoff.late)', 'fail', 'no case produced a verdict'],
      ['count(handoff.missed)', 'fail', 'no case produced a verdict'],
      ['cost', 'fail', 'no case produced a verdict'],
      ['errored', 'pass', undefined],
    ]);
  });

  it('fail the run even when the only gate tolerates the errors', () => {
    const only = evaluateGates([{ metric: 'errored', max: 5 }], allErrored, erroredSummary);
    expect(runVerdict(only, allErrored, erroredSummary, 0)).toEqual({
      passed: false,
      reasons: ['no case produced a verdict'],
    });
  });
});

describe('runVerdict', () => {
  it('passes when no gate failed and one was judged', () => {
    const gates = evaluateGates([{ metric: 'pass_rate', min: 0.5 }], metrics, summary);
    expect(runVerdict(gates, metrics, summary, 0)).toEqual({ passed: true, reasons: [] });
  });

  it('fails when a case did not load, whatever the gates say', () => {
    const gates = evaluateGates([{ metric: 'pass_rate', min: 0.5 }], metrics, summary);
    expect(runVerdict(gates, metrics, summary, 1)).toEqual({
      passed: false,
      reasons: ['1 case did not load'],
    });
  });

  it('fails when every gate read n/a: nothing was judged', () => {
    const gates = evaluateGates(
      [{ metric: 'rate', code: 'handoff.bounced', max: 0, bound: 'point' }],
      metrics,
      summary,
    );
    expect(runVerdict(gates, metrics, summary, 0)).toEqual({
      passed: false,
      reasons: ['no gate had anything to judge'],
    });
  });

  it('reads pass-rate gates as n/a in a property replay, where no case runs', () => {
    const none: RunSummary = { cases: 0, passed: 0, failed: 0, errored: 0, byCode: {} };
    const replay = { ...none, propertiesFailed: 0 };
    const gates = evaluateGates(
      [
        { metric: 'pass_rate', min: 1 },
        { metric: 'properties_failed', max: 0 },
      ],
      computeMetrics([], {}),
      replay,
    );
    expect(gates.map((g) => [g.name, g.outcome])).toEqual([
      ['pass_rate', 'n/a'],
      ['properties failed', 'pass'],
      ['errored', 'pass'],
    ]);
    expect(runVerdict(gates, computeMetrics([], {}), replay, 0).passed).toBe(true);
  });

  it('fails the properties gate when every property was skipped: it tested nothing', () => {
    const skipped = { ...summary, propertiesFailed: 0, propertiesRun: 0 };
    const ran = { ...summary, propertiesFailed: 0, propertiesRun: 3 };
    const gate = [{ metric: 'properties_failed', max: 0 } as const];

    const [none] = evaluateGates(gate, metrics, skipped);
    const [some] = evaluateGates(gate, metrics, ran);

    expect(none).toMatchObject({ name: 'properties failed', outcome: 'fail', passed: false });
    expect(none?.note).toContain('no property ran');
    expect(some).toMatchObject({ outcome: 'pass', passed: true });
  });
});
