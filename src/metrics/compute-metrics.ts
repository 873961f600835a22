import { PROPERTY_CODE, type PropertyResult } from '../contracts/properties/property-result.ts';
import { FINDING_CODES, type FindingCode } from '../model/finding.ts';
import type { CodeTally, Rate, RunMetrics } from '../model/report.ts';
import type { CaseRun } from './case-run.ts';
import { caseTally } from './case-tally.ts';
import { type Cluster, clusteredRate } from './clustered-rate.ts';
import { confusionMatrix } from './confusion.ts';
import { wilson } from './wilson.ts';

/** Cost of one run: the sum of the weights of its failing findings. */
export function runCost(run: CaseRun, costs: Partial<Record<FindingCode, number>>): number {
  let cost = 0;
  for (const f of run.findings) if (f.outcome !== 'pass') cost += costs[f.code] ?? 0;
  return cost;
}

/**
 * Aggregates the runs of every case (one inner array per case, one entry per repeat). Rates count
 * over all runs, with intervals clustered by case (clustered-rate.ts), so repeating a case adds
 * no false confidence; `cost` is the mean cost of one pass over the cases.
 */
export function computeMetrics(
  runsByCase: readonly (readonly CaseRun[])[],
  costs: Partial<Record<FindingCode, number>>,
  properties: readonly PropertyResult[] = [],
  /** Each case's `caseTally` where the caller has it already (one a case, in order). */
  caseTallies?: readonly (Readonly<Partial<Record<FindingCode, CodeTally>>> | undefined)[],
): RunMetrics {
  const runs = runsByCase.flat();
  const tallies = runsByCase.map((r, i) => ({
    codes: caseTallies?.[i] ?? caseTally(r),
    runs: r.length,
  }));
  const byCode: Partial<Record<FindingCode, Rate>> = {};
  // A code no case and no property touched has no opportunities: its rate is 0 of 0, without
  // building one empty cluster a case for it (most codes, in a large run).
  const touched = new Set<string>(properties.map((p) => PROPERTY_CODE[p.property]));
  for (const t of tallies) for (const code in t.codes) touched.add(code);
  const scratch: MutableCluster[] = tallies.map(() => ({ count: 0, of: 0, runs: 0 }));
  for (const code of FINDING_CODES) {
    if (!touched.has(code)) {
      byCode[code] = wilson(0, 0);
      continue;
    }
    // One cluster a case, refilled for each code a run touched: clusteredRate reads them only
    // while it runs.
    const clusters = scratch;
    for (let i = 0; i < tallies.length; i++) {
      const t = tallies[i] as (typeof tallies)[number];
      const c = t.codes[code] ?? NONE;
      const cluster = clusters[i] as MutableCluster;
      cluster.count = c.count;
      cluster.of = c.of;
      cluster.runs = t.runs;
    }
    clusters.length = tallies.length;
    // Each property run is a unit of its own: it failed with its code or it did not.
    for (const p of properties) {
      if (PROPERTY_CODE[p.property] === code && p.outcome !== 'skip')
        clusters.push({ count: p.code === code ? 1 : 0, of: 1, runs: 1 });
    }
    byCode[code] = clusteredRate(clusters);
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
  const allPassed = runsByCase.filter(
    (r) => r.length > 0 && r.every((x) => x.status === 'pass'),
  ).length;
  const cost = runs.reduce((sum, r) => sum + runCost(r, costs), 0) / repeats;
  return {
    byCode,
    confusion: confusionMatrix(runs.flatMap((r) => r.targets)),
    hops: { histogram, mean: runs.length ? totalHops / runs.length : 0, max: maxHops },
    // Errored runs carry no verdict: the pass rate is over the runs that produced one.
    passRate: clusteredRate(runsByCase.map(passCluster)),
    passAllRepeats: wilson(allPassed, runsByCase.length),
    cost,
  };
}

const NONE = { count: 0, of: 0 } as const;

type MutableCluster = { -readonly [K in keyof Cluster]: Cluster[K] };

/** A case's passed runs over its runs with a verdict. */
function passCluster(runs: readonly CaseRun[]): Cluster {
  let judged = 0;
  let passed = 0;
  for (const r of runs) {
    if (r.status === 'error') continue;
    judged++;
    if (r.status === 'pass') passed++;
  }
  return { count: passed, of: judged, runs: judged };
}
