import type { CompareGate, CompareMetric } from '../model/compare-config.ts';
import type { CompareGateResult, CompareReport, MetricComparison } from './compare-report.ts';

/** Gates a comparison gets when it declares none: nothing broke, nothing errored. */
export const DEFAULT_COMPARE_GATES: readonly CompareGate[] = [
  { gate: 'no_new_failures', max: 0 },
  { gate: 'errored', max: 0 },
];

type Judged = Pick<CompareReport, 'summary' | 'metrics' | 'candidate'>;

/**
 * Judges each gate against the comparison, with an implied `errored <= 0` when the gates name no
 * errored gate. Pure. A comparison in which no case was judged on both
 * sides (every baseline case errored, say) compared nothing: every gate fails, as a run's gate
 * over nothing does, instead of reading 0 broke as a pass.
 */
export function evaluateCompareGates(
  gates: readonly CompareGate[],
  report: Judged,
): CompareGateResult[] {
  const list = gates.length > 0 ? gates : DEFAULT_COMPARE_GATES;
  const results = list.flatMap((gate) => evaluate(gate, report));
  // A candidate that errored on a case was never judged on it: gates that tolerate no such
  // thing by name get `errored <= 0`, as a run's gates do.
  if (!list.some((g) => g.gate === 'errored'))
    results.push(
      ...evaluate({ gate: 'errored', max: 0 }, report).map((r) => ({
        ...r,
        name: `${r.name.replace(/\)$/, '')}, implied)`,
        implied: true as const,
      })),
    );
  if (report.summary.paired > 0) return results;
  return results.map((r) => ({ ...r, passed: false }));
}

/** A metric no case had (a code neither side found) compares as equal: no difference. */
function row(report: Judged, metric: CompareMetric): MetricComparison | undefined {
  return report.metrics.find((m) => m.metric === metric);
}

function evaluate(gate: CompareGate, report: Judged): CompareGateResult[] {
  switch (gate.gate) {
    case 'no_new_failures': {
      const broke = report.summary.broke;
      return [
        {
          name: 'no new failures',
          threshold: `<= ${gate.max}`,
          actual: broke,
          passed: broke <= gate.max,
          unit: 'cases',
          limit: { op: '<=', value: gate.max },
        },
      ];
    }
    case 'errored': {
      const n = report.candidate.errored;
      return [
        {
          name: 'errored (candidate)',
          threshold: `<= ${gate.max}`,
          actual: n,
          passed: n <= gate.max,
          unit: 'cases',
          limit: { op: '<=', value: gate.max },
        },
      ];
    }
    case 'delta':
      return deltaResults(gate, row(report, gate.metric));
    case 'better': {
      const r = row(report, gate.metric);
      const p = r?.mcnemar.p ?? 1;
      const better = r !== undefined && r.mcnemar.better > r.mcnemar.worse;
      return [
        {
          name: `better(${gate.metric})`,
          threshold: `p < ${gate.p}`,
          actual: round(p),
          passed: better && p < gate.p,
          unit: 'p',
        },
      ];
    }
    case 'not_worse': {
      const r = row(report, gate.metric);
      const p = r?.mcnemar.p ?? 1;
      const worse = r !== undefined && r.mcnemar.worse > r.mcnemar.better && p < gate.p;
      return [
        {
          name: `not_worse(${gate.metric})`,
          threshold: `not worse at p < ${gate.p}`,
          actual: round(p),
          passed: !worse,
          unit: 'p',
        },
      ];
    }
  }
}

function deltaResults(
  gate: Extract<CompareGate, { gate: 'delta' }>,
  r: MetricComparison | undefined,
): CompareGateResult[] {
  const d = r?.difference ?? { value: 0, low: 0, high: 0 };
  const interval = gate.bound === 'interval';
  const unit = gate.metric === 'cost' ? 'total' : 'rate';
  const results: CompareGateResult[] = [];
  if (gate.max !== undefined) {
    const actual = round(interval ? d.high : d.value);
    results.push({
      name: `delta(${gate.metric})${interval ? ' upper 95%' : ''}`,
      threshold: `<= ${gate.max}`,
      actual,
      passed: actual <= gate.max,
      unit,
      limit: { op: '<=', value: gate.max },
    });
  }
  if (gate.min !== undefined) {
    const actual = round(interval ? d.low : d.value);
    results.push({
      name: `delta(${gate.metric})${interval ? ' lower 95%' : ''}`,
      threshold: `>= ${gate.min}`,
      actual,
      passed: actual >= gate.min,
      unit,
      limit: { op: '>=', value: gate.min },
    });
  }
  return results;
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
