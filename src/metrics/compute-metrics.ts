import { PROPERTY_CODE, type PropertyResult } from '../contracts/properties/property-result.ts';
import { FINDING_CODES, type FindingCode } from '../model/finding.ts';
import type { Rate, RunMetrics } from '../model/report.ts';
import type { CaseRun } from './case-run.ts';
import { confusionMatrix } from './confusion.ts';
import { wilson } from './wilson.ts';

/** Properties that ran and could fail with `code` (one opportunity each). */
function propertyRuns(properties: readonly PropertyResult[], code: FindingCode): number {
  return properties.filter((p) => PROPERTY_CODE[p.property] === code && p.outcome !== 'skip')
    .length;
}

/** Cost of one run: the sum of the weights of its failing findings. */
export function runCost(run: CaseRun, costs: Partial<Record<FindingCode, number>>): number {
  let cost = 0;
  for (const f of run.findings) if (f.outcome !== 'pass') cost += costs[f.code] ?? 0;
  return cost;
}

/**
 * Aggregates the runs of every case (one inner array per case, one entry per repeat). Rates count
 * over all runs; `cost` is the mean cost of one pass over the cases.
 */
export function computeMetrics(
  runsByCase: readonly (readonly CaseRun[])[],
  costs: Partial<Record<FindingCode, number>>,
  properties: readonly PropertyResult[] = [],
): RunMetrics {
  const runs = runsByCase.flat();
  const counts = new Map<FindingCode, number>();
  for (const p of properties) if (p.code) counts.set(p.code, (counts.get(p.code) ?? 0) + 1);
  for (const run of runs)
    for (const f of run.findings) counts.set(f.code, (counts.get(f.code) ?? 0) + 1);
  const opportunities = new Map<FindingCode, number>();
  for (const run of runs) {
    for (const code in run.opportunities) {
      const key = code as FindingCode;
      opportunities.set(key, (opportunities.get(key) ?? 0) + (run.opportunities[key] ?? 0));
    }
  }
  const byCode: Partial<Record<FindingCode, Rate>> = {};
  for (const code of FINDING_CODES) {
    const count = counts.get(code) ?? 0;
    const of = (opportunities.get(code) ?? 0) + propertyRuns(properties, code);
    // A code that fired more often than its checks declared (a check's bug) still reads sanely.
    byCode[code] = wilson(count, Math.max(of, count));
  }
  const histogram: Record<string, number> = {};
  let totalHops = 0;
  let maxHops = 0;
  for (const run of runs) {
    const h = run.handoffs.length;
    histogram[h] = (histogram[h] ?? 0) + 1;
    totalHops += h;
    maxHops = Math.max(maxHops, h);
  }
  const repeats = runsByCase.reduce((most, r) => Math.max(most, r.length), 1);
  const passedRuns = runs.filter((r) => r.status === 'pass').length;
  const allPassed = runsByCase.filter(
    (r) => r.length > 0 && r.every((x) => x.status === 'pass'),
  ).length;
  const cost = runs.reduce((sum, r) => sum + runCost(r, costs), 0) / repeats;
  return {
    byCode,
    confusion: confusionMatrix(runs.flatMap((r) => r.targets)),
    hops: { histogram, mean: runs.length ? totalHops / runs.length : 0, max: maxHops },
    // Errored runs carry no verdict: the pass rate is over the runs that produced one.
    passRate: wilson(passedRuns, runs.filter((r) => r.status !== 'error').length),
    passAllRepeats: wilson(allPassed, runsByCase.length),
    cost,
  };
}
