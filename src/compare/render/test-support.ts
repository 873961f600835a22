import type { CompareReport, MetricComparison } from '../compare-report.ts';

/** Test helper of the compare renderers: one side of a comparison. */
function side(name: string, passed: number, failed: number): CompareReport['baseline'] {
  return {
    name,
    suite: 'helpdesk-compare',
    variant: name,
    adapter: 'module shadow/candidate.js',
    file: 'baton/compare-module.yaml',
    startedAt: '2026-12-04T03:35:35.364Z',
    repeat: 1,
    cases: passed + failed,
    passed,
    failed,
    errored: 0,
  };
}

const rate = (value: number, low: number, high: number, count: number, of: number) => ({
  value,
  low,
  high,
  count,
  of,
});

/**
 * The comparison a user of a helpdesk trial read, as `baton run` wrote it: 11 cases, 2 broke, a
 * delta gate on handoff.missed, and effect.missing measured on 2 cases only (too few for any
 * difference to be significant).
 */
export function helpdeskComparison(): CompareReport {
  const metrics: MetricComparison[] = [
    {
      metric: 'pass_rate',
      better: 'higher',
      baseline: rate(1, 0.741167, 1, 11, 11),
      candidate: rate(9 / 11, 0.523019, 0.948632, 9, 11),
      difference: { value: -2 / 11, low: -5 / 11, high: 0, se: 0.117839 },
      mcnemar: { worse: 2, better: 0, p: 0.5000000000000001 },
      mdd: 6 / 11,
      measured: 11,
      detection: 'detectable',
      verdict: 'not_significant',
    },
    {
      metric: 'handoff.missed',
      better: 'lower',
      baseline: rate(0, 0, 0.228095, 0, 13),
      candidate: rate(2 / 13, 0.043258, 0.422346, 2, 13),
      difference: { value: 2 / 13, low: 0, high: 4 / 11, se: 0.096107 },
      mcnemar: { worse: 2, better: 0, p: 0.5000000000000001 },
      mdd: 0.6,
      measured: 10,
      detection: 'detectable',
      verdict: 'not_significant',
    },
    {
      metric: 'effect.missing',
      better: 'lower',
      baseline: rate(0, 0, 0.65762, 0, 2),
      candidate: rate(0.5, 0.094531, 0.905469, 1, 2),
      difference: { value: 0.5, low: 0, high: 1, se: 0.397838 },
      mcnemar: { worse: 1, better: 0, p: 1 },
      mdd: null,
      measured: 2,
      detection: 'too_few',
      verdict: 'not_significant',
    },
    {
      metric: 'cost',
      better: 'lower',
      baseline: { value: 0, low: 0, high: 0 },
      candidate: { value: 0, low: 0, high: 0 },
      difference: { value: 0, low: 0, high: 0, se: 0 },
      mcnemar: { worse: 0, better: 0, p: 1 },
      mdd: null,
      measured: 11,
      detection: 'nothing',
      verdict: 'not_significant',
    },
  ];
  return {
    schemaVersion: 1,
    kind: 'baton.compare',
    baseline: side('current', 11, 0),
    candidate: side('proposed', 9, 2),
    settings: { seed: 1, resamples: 2000, confidence: 0.95, alpha: 0.05, power: 0.8 },
    summary: {
      paired: 11,
      broke: 2,
      fixed: 0,
      changed: 0,
      same: 9,
      errored: 0,
      added: 0,
      removed: 0,
    },
    passed: false,
    gates: [
      {
        name: 'no new failures',
        threshold: '<= 0',
        actual: 2,
        passed: false,
        unit: 'cases',
        limit: { op: '<=', value: 0 },
      },
      {
        name: 'delta(handoff.missed)',
        threshold: '<= 0',
        actual: 0.153846,
        passed: false,
        unit: 'rate',
        limit: { op: '<=', value: 0 },
      },
      {
        name: 'not_worse(pass_rate)',
        threshold: 'not worse at p < 0.05',
        actual: 0.5,
        passed: true,
        unit: 'p',
      },
    ],
    metrics,
    cases: [
      {
        id: 'locked-out-username-later',
        title: 'A locked-out user gives the username one turn later',
        change: 'broke',
        baseline: {
          status: 'pass',
          repeats: 1,
          passedRepeats: 1,
          cost: 0,
          findings: [],
          handoffs: [{ from: 'intake', to: 'accounts', step: 0 }],
        },
        candidate: {
          status: 'fail',
          repeats: 1,
          passedRepeats: 0,
          cost: 0,
          findings: [
            {
              code: 'effect.missing',
              outcome: 'fail',
              message: 'password_reset ewong committed 0 times; expected once',
            },
          ],
          handoffs: [],
        },
      },
      {
        id: 'low-confidence-to-oncall',
        title: 'Network is unsure and escalates to the on-call person at that step',
        change: 'broke',
        baseline: {
          status: 'pass',
          repeats: 1,
          passedRepeats: 1,
          cost: 0,
          findings: [],
          handoffs: [{ from: 'network', to: 'oncall', step: 1 }],
        },
        candidate: {
          status: 'fail',
          repeats: 1,
          passedRepeats: 0,
          cost: 0,
          findings: [
            {
              code: 'handoff.missed',
              outcome: 'fail',
              step: 1,
              message: 'expected network → oncall at step 1, but network never handed off',
            },
          ],
          handoffs: [],
        },
      },
    ],
  };
}
