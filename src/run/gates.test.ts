import { describe, expect, it } from 'vitest';
import type { CaseRun } from '../metrics/case-run.ts';
import { computeMetrics } from '../metrics/compute-metrics.ts';
import type { RunSummary } from '../model/report.ts';
import { evaluateGates } from './gates.ts';

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
    ]);
  });

  it('gates on the upper end of the interval when asked, and passes when there was nothing to judge', () => {
    const [upper, empty] = evaluateGates(
      [
        { metric: 'rate', code: 'handoff.late', max: 0.5, bound: 'upper' },
        { metric: 'rate', code: 'handoff.bounced', max: 0, bound: 'upper' },
      ],
      computeMetrics([], {}),
      summary,
    );
    expect(upper).toMatchObject({ name: 'rate(handoff.late) upper 95%', actual: 0, passed: true });
    expect(empty?.passed).toBe(true);
    const [strict] = evaluateGates(
      [{ metric: 'rate', code: 'handoff.late', max: 0.5, bound: 'upper' }],
      metrics,
      summary,
    );
    expect(strict?.passed).toBe(false);
  });

  it('applies the default gates when a suite declares none', () => {
    expect(evaluateGates([], metrics, summary).map((g) => g.name)).toEqual([
      'pass_rate',
      'errored',
    ]);
  });
});
