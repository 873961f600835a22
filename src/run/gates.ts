import type { GateResult, RunMetrics, RunSummary } from '../model/report.ts';
import type { GateConfig } from '../model/suite.ts';

/** Gates a suite gets when it declares none: every case passes and none errors. */
export const DEFAULT_GATES: readonly GateConfig[] = [
  { metric: 'pass_rate', min: 1 },
  { metric: 'errored', max: 0 },
];

/** Judges each gate against the run's metrics. Pure. */
export function evaluateGates(
  gates: readonly GateConfig[],
  metrics: RunMetrics,
  summary: RunSummary,
): GateResult[] {
  return (gates.length > 0 ? gates : DEFAULT_GATES).map((gate) => evaluate(gate, metrics, summary));
}

function atMost(name: string, actual: number, max: number): GateResult {
  return { name, threshold: `<= ${max}`, actual, passed: actual <= max };
}

function atLeast(name: string, actual: number, min: number): GateResult {
  return { name, threshold: `>= ${min}`, actual, passed: actual >= min };
}

function evaluate(gate: GateConfig, metrics: RunMetrics, summary: RunSummary): GateResult {
  switch (gate.metric) {
    case 'count':
      return atMost(`count(${gate.code})`, metrics.byCode[gate.code]?.count ?? 0, gate.max);
    case 'rate': {
      const rate = metrics.byCode[gate.code];
      // With no opportunities (of = 0) there is nothing the gate could catch: it passes.
      const upper = rate && rate.of > 0 ? rate.high : 0;
      const actual = gate.bound === 'upper' ? upper : (rate?.rate ?? 0);
      const name = gate.bound === 'upper' ? `rate(${gate.code}) upper 95%` : `rate(${gate.code})`;
      return atMost(name, round(actual), gate.max);
    }
    // No case with a verdict (a property replay, or every case errored): nothing to judge here;
    // errors have their own gate.
    case 'pass_rate':
      return atLeast(
        'pass_rate',
        metrics.passRate.of === 0 ? 1 : round(metrics.passRate.rate),
        gate.min,
      );
    case 'pass_all_repeats':
      return atLeast(
        'pass^k',
        metrics.passAllRepeats.of === 0 ? 1 : round(metrics.passAllRepeats.rate),
        gate.min,
      );
    case 'errored':
      return atMost('errored', summary.errored, gate.max);
    case 'cost':
      return atMost('cost', round(metrics.cost), gate.max);
    case 'properties_failed':
      return atMost('properties failed', summary.propertiesFailed ?? 0, gate.max);
  }
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
