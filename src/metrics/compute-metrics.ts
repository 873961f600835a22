import { PROPERTY_CODE, type PropertyResult } from '../contracts/properties/property-result.ts';
import { FINDING_CODES, type FindingCode } from '../model/finding.ts';
import type { CodeTally, Rate, RunMetrics } from '../model/report.ts';
import { type CaseRun, hopsOf } from './case-run.ts';
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
  const sparse = clustersByCode(tallies);
  for (const code of FINDING_CODES) {
    const found = sparse.byCode.get(code);
    const ofProperties = properties.filter(
      (p) => PROPERTY_CODE[p.property] === code && p.outcome !== 'skip',
    );
    // A code no case and no property touched has no opportunities: its rate is 0 of 0.
    if (found === undefined && !properties.some((p) => PROPERTY_CODE[p.property] === code)) {
      byCode[code] = wilson(0, 0);
      continue;
    }
    const clusters: Cluster[] = found?.clusters ?? [];
    // A case without the code adds nothing to its sums, but one with repeats still makes the
    // rate a clustered one: a stand-in of zeros says so.
    if (sparse.repeated > (found?.repeated ?? 0)) clusters.push(ABSENT_REPEATED);
    // Each property run is a unit of its own: it failed with its code or it did not.
    for (const p of ofProperties) clusters.push({ count: p.code === code ? 1 : 0, of: 1, runs: 1 });
    byCode[code] = clusteredRate(clusters);
  }
  const histogram: Record<string, number> = {};
  let totalHops = 0;
  let maxHops = 0;
  for (const run of runs) {
    const h = hopsOf(run);
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

// What a case with repeats and without a code would add to that code's rate: only zeros.
const ABSENT_REPEATED: Cluster = Object.freeze({ count: 0, of: 0, runs: 2 });

/**
 * Each code's clusters, one per case whose tally has the code, in case order; `repeated` counts
 * the cases with more than one run. A case without a code adds zero to every sum a clustered
 * rate takes, so only the cases that have it are listed: one pass over the tallies.
 */
function clustersByCode(
  tallies: readonly {
    readonly codes: Readonly<Partial<Record<FindingCode, CodeTally>>>;
    readonly runs: number;
  }[],
): { readonly byCode: ReadonlyMap<string, CodeClusters>; readonly repeated: number } {
  const byCode = new Map<string, CodeClusters>();
  let repeated = 0;
  for (const t of tallies) {
    const more = t.runs > 1 ? 1 : 0;
    repeated += more;
    for (const code in t.codes) {
      const c = t.codes[code as FindingCode];
      if (c === undefined) continue;
      let entry = byCode.get(code);
      if (entry === undefined) {
        entry = { clusters: [], repeated: 0 };
        byCode.set(code, entry);
      }
      entry.clusters.push(cluster(c.count, c.of, t.runs));
      entry.repeated += more;
    }
  }
  return { byCode, repeated };
}

// Clusters of small counts, made once each: most cases of a run have the same few (0 of 1, once).
const SMALL = 8;
const CLUSTERS: (Cluster | undefined)[] = new Array(SMALL * SMALL * SMALL);

/** `{ count, of, runs }`, shared when all three are small: a run of many cases lists one a code. */
function cluster(count: number, of: number, runs: number): Cluster {
  if (!(isSmall(count) && isSmall(of) && isSmall(runs))) return { count, of, runs };
  const at = (count * SMALL + of) * SMALL + runs;
  let c = CLUSTERS[at];
  if (c === undefined) {
    c = Object.freeze({ count, of, runs });
    CLUSTERS[at] = c;
  }
  return c;
}

function isSmall(n: number): boolean {
  return Number.isInteger(n) && n >= 0 && n < SMALL;
}

interface CodeClusters {
  readonly clusters: Cluster[];
  repeated: number;
}

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
