import type { PropertyResult } from '../contracts/properties/property-result.ts';
import type { GateResult, RunMetrics, RunSummary } from '../model/report.ts';
import { outcomeOf } from '../model/report.ts';
import type { GateConfig } from '../model/suite.ts';

/** Gates a suite gets when it declares none: every case passes and none errors. */
export const DEFAULT_GATES: readonly GateConfig[] = [
  { metric: 'pass_rate', min: 1 },
  { metric: 'errored', max: 0 },
];

/** A gate to judge: as the suite wrote it, or added by Baton (`implied`). */
export type GateToJudge = GateConfig & { readonly implied?: true };

/** What a suite that lists gates but no `errored` gate gets: a case that errored was never judged. */
const IMPLIED_ERRORED: GateToJudge = { metric: 'errored', max: 0, implied: true };

/**
 * The gates a run is judged by: the defaults for a suite that lists none; the suite's own, plus
 * `errored <= 0` when none of them says how many errored cases it tolerates — otherwise a run in
 * which half the cases never produced a verdict could pass on the other half.
 */
export function gatesToJudge(gates: readonly GateToJudge[]): readonly GateToJudge[] {
  if (gates.length === 0) return DEFAULT_GATES;
  return gates.some((g) => g.metric === 'errored') ? gates : [...gates, IMPLIED_ERRORED];
}

/** What a gate may know of the run besides its metrics: how much was judged at all. */
interface Judged {
  /** Cases in the run (errored ones included); 0 for a property replay. */
  readonly cases: number;
  /** Case runs that produced a verdict (passed or failed). */
  readonly verdicts: number;
}

const NO_VERDICT = 'no case produced a verdict';
const NO_PROPERTY_RAN =
  'no property ran: every one was skipped (the implementation exposes no receive() for its edge)';

/**
 * Judges each gate against the run's metrics, with the gates `gatesToJudge` adds. Pure. A gate
 * over nothing never passes: over zero judged cases it fails (cases ran and every one errored) or
 * reads n/a (no case ran at all, or — for a rate — the judged cases gave its code no
 * opportunity). docs/gates.md has the table.
 */
export function evaluateGates(
  gates: readonly GateToJudge[],
  metrics: RunMetrics,
  summary: RunSummary,
): GateResult[] {
  const judged: Judged = { cases: summary.cases, verdicts: metrics.passRate.of };
  return gatesToJudge(gates).map((gate) => {
    const result = evaluate(gate, metrics, summary, judged);
    return gate.implied ? { ...result, implied: true } : result;
  });
}

function measured(name: string, threshold: string, actual: number, met: boolean): GateResult {
  return { name, threshold, actual, passed: met, outcome: met ? 'pass' : 'fail' };
}

function unmeasured(name: string, threshold: string, outcome: 'fail' | 'n/a', note: string) {
  return { name, threshold, actual: 0, passed: false, outcome, note } satisfies GateResult;
}

/** A gate whose number comes from judged cases: it means nothing when every case errored. */
function overCases(name: string, threshold: string, judged: Judged, gate: () => GateResult) {
  return judged.cases > 0 && judged.verdicts === 0
    ? unmeasured(name, threshold, 'fail', NO_VERDICT)
    : gate();
}

function evaluate(
  gate: GateConfig,
  metrics: RunMetrics,
  summary: RunSummary,
  judged: Judged,
): GateResult {
  switch (gate.metric) {
    case 'count': {
      const name = `count(${gate.code})`;
      const actual = metrics.byCode[gate.code]?.count ?? 0;
      return overCases(name, `<= ${gate.max}`, judged, () =>
        measured(name, `<= ${gate.max}`, actual, actual <= gate.max),
      );
    }
    case 'rate':
      return rateGate(gate, metrics, judged);
    case 'pass_rate':
      return passGate('pass_rate', metrics.passRate, gate.min, judged);
    case 'pass_all_repeats':
      return passGate('pass^k', metrics.passAllRepeats, gate.min, judged);
    case 'errored':
      return measured('errored', `<= ${gate.max}`, summary.errored, summary.errored <= gate.max);
    case 'cost': {
      const actual = round(metrics.cost);
      return overCases('cost', `<= ${gate.max}`, judged, () =>
        measured('cost', `<= ${gate.max}`, actual, actual <= gate.max),
      );
    }
    case 'properties_failed': {
      const actual = summary.propertiesFailed ?? 0;
      // Every property skipped (no receiver to attack): the gate tested nothing.
      if (summary.propertiesRun === 0)
        return unmeasured('properties failed', `<= ${gate.max}`, 'fail', NO_PROPERTY_RAN);
      return measured('properties failed', `<= ${gate.max}`, actual, actual <= gate.max);
    }
  }
}

function rateGate(
  gate: Extract<GateConfig, { metric: 'rate' }>,
  metrics: RunMetrics,
  judged: Judged,
): GateResult {
  const name = gate.bound === 'upper' ? `rate(${gate.code}) upper 95%` : `rate(${gate.code})`;
  const threshold = `<= ${gate.max}`;
  const rate = metrics.byCode[gate.code];
  if (rate === undefined || rate.of === 0) {
    if (judged.cases > 0 && judged.verdicts === 0)
      return unmeasured(name, threshold, 'fail', NO_VERDICT);
    return unmeasured(name, threshold, 'n/a', `no opportunity for ${gate.code} in this run`);
  }
  const actual = round(gate.bound === 'upper' ? rate.high : rate.rate);
  return measured(name, threshold, actual, actual <= gate.max);
}

function passGate(
  name: string,
  rate: RunMetrics['passRate'],
  min: number,
  judged: Judged,
): GateResult {
  const threshold = `>= ${min}`;
  // A property replay runs no case: there is nothing for a pass rate to say.
  if (judged.cases === 0) return unmeasured(name, threshold, 'n/a', 'no case ran');
  if (judged.verdicts === 0 || rate.of === 0)
    return unmeasured(name, threshold, 'fail', `${NO_VERDICT} (${judged.cases} errored)`);
  const actual = round(rate.rate);
  return measured(name, threshold, actual, actual >= min);
}

/**
 * The run's verdict: it passes when no gate failed, at least one gate was judged, and nothing
 * else stops it (`reasons`: a case file that did not load, cases that all errored).
 */
export function runVerdict(
  gates: readonly GateResult[],
  metrics: RunMetrics,
  summary: RunSummary,
  unloaded: number,
): { readonly passed: boolean; readonly reasons: readonly string[] } {
  const reasons: string[] = [];
  // Cases, not files: a file of many cases (YAML stream, JSON lines) can lose only some.
  if (unloaded > 0) reasons.push(`${unloaded} case${unloaded === 1 ? '' : 's'} did not load`);
  if (summary.cases > unloaded && metrics.passRate.of === 0) reasons.push(NO_VERDICT);
  // The suite's own gates: an implied `errored` gate judging 0 errors makes no vacuous list count.
  const own = gates.filter((g) => !g.implied);
  if (own.length > 0 && own.every((g) => outcomeOf(g) === 'n/a'))
    reasons.push('no gate had anything to judge');
  const passed = reasons.length === 0 && gates.every((g) => outcomeOf(g) !== 'fail');
  return { passed, reasons };
}

/** Why a `--strict` run fails when rules matched nothing. */
export function strictReason(errors: number): string {
  return `${errors} ${errors === 1 ? 'warning is an error' : 'warnings are errors'} under --strict`;
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

/** A suite with properties gets a `properties_failed` gate unless it sets one itself. */
export function suiteGates(
  config: {
    readonly gates: readonly GateConfig[];
    readonly properties?: { readonly max_failures: number } | undefined;
  },
  properties: readonly PropertyResult[],
): GateConfig[] {
  const gates = [...config.gates];
  const declared = gates.some((g) => g.metric === 'properties_failed');
  if (properties.length > 0 && !declared && config.properties) {
    if (gates.length === 0)
      gates.push({ metric: 'pass_rate', min: 1 }, { metric: 'errored', max: 0 });
    gates.push({ metric: 'properties_failed', max: config.properties.max_failures });
  }
  return gates;
}
