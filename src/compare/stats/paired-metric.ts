import { clusteredRate } from '../../metrics/clustered-rate.ts';
import { resampleGroupWeights, resampleWeights } from './bootstrap.ts';
import { type Interval, percentileInterval } from './interval.ts';
import { exactMcNemar, type McNemarResult } from './mcnemar.ts';
import { type Detection, detection } from './mdd.ts';

/** One side of one case: a share of a ratio metric (Σ num / Σ den) or of a total (Σ num). */
export interface UnitSide {
  readonly num: number;
  readonly den: number;
  /** The repeats behind num and den (clusters the interval by case). */
  readonly runs: number;
  /** The case counts against this side in the McNemar test (failed, had the finding). */
  readonly bad: boolean;
}

/** One case, measured on both sides. */
export interface PairedUnit {
  readonly a: UnitSide;
  readonly b: UnitSide;
}

/**
 * One side of every case of a metric, a column a field (case i at index i): a comparison of
 * 100,000 cases over a dozen metrics holds a few typed arrays, not millions of small objects.
 */
export interface SideColumns {
  readonly num: Float64Array;
  readonly den: Float64Array;
  readonly runs: Float64Array;
  /** 1 where the case counts against this side in the McNemar test. */
  readonly bad: Uint8Array;
}

/** A metric to compare over paired cases: both sides, case by case. */
export interface PairedMetric {
  /** `ratio`: a rate over opportunities; `total`: a sum over the cases, such as cost. */
  readonly kind: 'ratio' | 'total';
  readonly higherIsBetter: boolean;
  readonly a: SideColumns;
  readonly b: SideColumns;
}

/** Empty columns for `n` cases, to be filled in case by case (`setSide`). */
export function sideColumns(n: number): SideColumns {
  return {
    num: new Float64Array(n),
    den: new Float64Array(n),
    runs: new Float64Array(n),
    bad: new Uint8Array(n),
  };
}

/** Case `i`'s side into `columns`. */
export function setSide(columns: SideColumns, i: number, side: UnitSide): void {
  columns.num[i] = side.num;
  columns.den[i] = side.den;
  columns.runs[i] = side.runs;
  columns.bad[i] = side.bad ? 1 : 0;
}

/** A metric from its cases given one by one. */
export function pairedMetricOf(
  kind: PairedMetric['kind'],
  higherIsBetter: boolean,
  units: readonly PairedUnit[],
): PairedMetric {
  const a = sideColumns(units.length);
  const b = sideColumns(units.length);
  for (const [i, u] of units.entries()) {
    setSide(a, i, u.a);
    setSide(b, i, u.b);
  }
  return { kind, higherIsBetter, a, b };
}

/** How the paired statistics are computed; compare.json records it. */
export interface PairedSettings {
  readonly seed: number;
  readonly resamples: number;
  /** Of every interval (0.95). */
  readonly confidence: number;
  /** Significance level of the McNemar verdict and of the MDD (0.05). */
  readonly alpha: number;
  /** Power of the MDD (0.8). */
  readonly power: number;
}

/** A side's estimate: a rate with its clustered Wilson interval, or a total with a bootstrap one. */
export interface Estimate extends Interval {
  readonly count?: number;
  readonly of?: number;
  readonly effective?: number;
}

export type PairedVerdict = 'better' | 'worse' | 'not_significant';

/** Both sides, their paired difference (b − a), the exact McNemar test and the MDD. */
export interface PairedResult {
  readonly baseline: Estimate;
  readonly candidate: Estimate;
  readonly difference: Interval & { readonly se: number };
  readonly mcnemar: McNemarResult;
  /**
   * Smallest difference these cases detect at `alpha` with `power` (a rate's at most 1); null
   * with nothing to measure or too few cases to detect any difference (see `detection`).
   */
  readonly mdd: number | null;
  /** Cases with an opportunity for the metric: the n of the McNemar test and of the MDD. */
  readonly measured: number;
  /** Whether the MDD is a number, the cases are too few for any difference, or nothing counts. */
  readonly detection: Detection['kind'];
  readonly verdict: PairedVerdict;
}

function value(kind: PairedMetric['kind'], num: number, den: number): number {
  if (kind === 'total') return num;
  return den > 0 ? num / den : 0;
}

/**
 * Compares every metric over the same paired bootstrap resamples (one draw of cases serves all
 * metrics, so they stay consistent with each other). Pure and deterministic for a seed.
 */
export function comparePaired(
  metrics: readonly PairedMetric[],
  settings: PairedSettings,
): PairedResult[] {
  const replicates = pairedReplicates(metrics, settings);
  return metrics.map((metric, k) => resultOf(metric, settings, replicates[k] as Replicates));
}

/** Each metric's value on each side, and their difference (b − a), in every resample. */
export interface Replicates {
  readonly diff: Float64Array;
  readonly a: Float64Array;
  readonly b: Float64Array;
}

/** The metrics' replicates over the seed's resamples, in the metrics' order. */
export function pairedReplicates(
  metrics: readonly PairedMetric[],
  settings: PairedSettings,
): Replicates[] {
  const n = metrics[0]?.a.num.length ?? 0;
  const m = metrics.length;
  const reps = settings.resamples;
  const diff = metrics.map(() => new Float64Array(reps));
  const sideA = metrics.map(() => new Float64Array(reps));
  const sideB = metrics.map(() => new Float64Array(reps));
  // Only the columns that can differ between resamples are summed (see `columnsOf`); each sum
  // still adds its cases in order, so every replicate is the number summing all would give. A
  // column of one whole number v throughout sums to n·v in every resample (the multiplicities
  // add up to n, exactly): it is not summed either.
  const plans = metrics.map(columnsOf);
  const constants = plans.map((plan) => plan.columns.map(wholeConstant));
  const columns = plans.flatMap((plan, k) =>
    plan.columns.filter((_, j) => constants[k]?.[j] === undefined),
  );
  const c = columns.length;
  // The summed columns first, then the fixed sums, which no resample changes; `slot` says where
  // each metric's sums are, in its columns' order.
  const sums = new Float64Array(c + constants.flat().filter((v) => v !== undefined).length);
  let summed = 0;
  let fixed = c;
  const slot = constants.map((list) =>
    list.map((v) => {
      if (v === undefined) return summed++;
      sums[fixed] = v * n;
      return fixed++;
    }),
  );
  const resamples =
    n === 0 || plans.every((p) => p.shape === 'zero')
      ? []
      : c === 0
        ? Array.from({ length: reps })
        : resampled(columns, n, reps, settings.seed, sums.subarray(0, c));
  let r = 0;
  for (const _ of resamples) {
    for (let k = 0; k < m; k++) {
      const plan = plans[k] as ColumnPlan;
      if (plan.shape === 'zero') continue;
      const kind = (metrics[k] as PairedMetric).kind;
      const [an, ad, bn, bd] = slot[k] as number[];
      const a = value(kind, sums[an as number] ?? 0, sums[ad as number] ?? 0);
      const b =
        plan.shape === 'same' ? a : value(kind, sums[bn as number] ?? 0, sums[bd as number] ?? 0);
      (sideA[k] as Float64Array)[r] = a;
      (sideB[k] as Float64Array)[r] = b;
      (diff[k] as Float64Array)[r] = b - a;
    }
    r++;
  }
  return metrics.map((_, k) => ({
    diff: diff[k] as Float64Array,
    a: sideA[k] as Float64Array,
    b: sideB[k] as Float64Array,
  }));
}

/**
 * Sums `columns` over each resample into `sums`, yielding once a resample is summed: each case's
 * value times how many times the resample drew it, so every sum is the same number on every run.
 * Cases alike in every column are summed as one group (see `groupsOf`); otherwise case by case,
 * in case order.
 */
function* resampled(
  columns: readonly Float64Array[],
  n: number,
  resamples: number,
  seed: number,
  sums: Float64Array,
): Generator<void> {
  const c = columns.length;
  const groups = groupsOf(columns, n);
  // A row is a group's first case, or each case when they are not grouped.
  const count = groups?.rows.length ?? n;
  const caseOf = (r: number) => (groups ? (groups.rows[r] as number) : r);
  // Row by row, each row's values side by side: a drawn row is one run of memory.
  const table = new Float64Array(count * c);
  for (let j = 0; j < c; j++) {
    const column = columns[j] as Float64Array;
    for (let r = 0; r < count; r++) table[r * c + j] = column[caseOf(r)] as number;
  }
  const weights = groups
    ? resampleGroupWeights(groups.groupOf, count, resamples, seed)
    : resampleWeights(n, resamples, seed);
  for (const w of weights) {
    sums.fill(0);
    for (let r = 0; r < count; r++) {
      const times = w[r] ?? 0;
      if (times === 0) continue;
      const row = r * c;
      for (let j = 0; j < c; j++)
        sums[j] = (sums[j] as number) + times * (table[row + j] as number);
    }
    yield;
  }
}

/**
 * The cases as groups of cases alike in every column (`groupOf` each case's group, `rows` a case
 * of each group), when that changes no sum and saves work: every value a whole number whose sums
 * stay exact (below 2^53, whatever the order they are added in), and fewer groups than half the
 * cases. A run that mostly passes has a few dozen groups among 100,000 cases.
 */
function groupsOf(
  columns: readonly Float64Array[],
  n: number,
): { groupOf: Int32Array; rows: number[] } | undefined {
  for (const column of columns)
    for (const v of column)
      if (!Number.isInteger(v) || Math.abs(v) * n > MAX_SAFE) return undefined;
  const c = columns.length;
  const known = new Map<string, number>();
  const groupOf = new Int32Array(n);
  const rows: number[] = [];
  const alike = (i: number, k: number) => columns.every((col) => col[i] === col[k]);
  for (let i = 0; i < n; i++) {
    // Cases alike come in runs: the case before is checked first, without a key.
    if (i > 0 && alike(i, i - 1)) {
      groupOf[i] = groupOf[i - 1] as number;
      continue;
    }
    let key = '';
    for (let j = 0; j < c; j++) key += `${(columns[j] as Float64Array)[i]},`;
    let g = known.get(key);
    if (g === undefined) {
      g = rows.push(i) - 1;
      if (rows.length * 2 > n) return undefined;
      known.set(key, g);
    }
    groupOf[i] = g;
  }
  return { groupOf, rows };
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** The one whole number a column holds throughout, when its sums stay exact; else undefined. */
function wholeConstant(column: Float64Array): number | undefined {
  const v = column[0];
  if (v === undefined || !Number.isInteger(v)) return undefined;
  if (Math.abs(v) * column.length > Number.MAX_SAFE_INTEGER) return undefined;
  for (let i = 1; i < column.length; i++) if (column[i] !== v) return undefined;
  return v;
}

/**
 * What a metric's resamples need summed: `zero`, nothing (no case has a count on either side, so
 * every resample reads 0 on both); `same`, the baseline's count and opportunities alone (every
 * case reads the same on both sides, so the candidate's sums are the baseline's and the
 * difference is 0); `both`, the count and opportunities of each side.
 */
interface ColumnPlan {
  readonly shape: 'zero' | 'same' | 'both';
  readonly columns: readonly Float64Array[];
}

function columnsOf(metric: PairedMetric): ColumnPlan {
  const { a, b } = metric;
  let counted = false;
  let same = true;
  for (let i = 0; i < a.num.length; i++) {
    if (a.num[i] !== 0 || b.num[i] !== 0) counted = true;
    if (a.num[i] !== b.num[i] || a.den[i] !== b.den[i]) same = false;
  }
  if (!counted) return { shape: 'zero', columns: [] };
  if (same) return { shape: 'same', columns: [a.num, a.den] };
  return { shape: 'both', columns: [a.num, a.den, b.num, b.den] };
}

function resultOf(metric: PairedMetric, s: PairedSettings, reps: Replicates): PairedResult {
  const sum = (column: Float64Array) => column.reduce((t, x) => t + x, 0);
  const a = value(metric.kind, sum(metric.a.num), sum(metric.a.den));
  const b = value(metric.kind, sum(metric.b.num), sum(metric.b.den));
  const difference = percentileInterval(b - a, reps.diff, s.confidence);
  const mcnemar = discordance(metric);
  const detected = detection(metric, difference.se, s);
  return {
    baseline: estimate(metric, metric.a, a, reps.a, s),
    candidate: estimate(metric, metric.b, b, reps.b, s),
    difference,
    mcnemar,
    mdd: detected.kind === 'detectable' ? detected.mdd : null,
    measured: detected.measured,
    detection: detected.kind,
    verdict: verdictOf(mcnemar, s.alpha),
  };
}

function estimate(
  metric: PairedMetric,
  side: SideColumns,
  v: number,
  reps: Float64Array,
  s: PairedSettings,
): Estimate {
  if (metric.kind === 'total') {
    const { low, high } = percentileInterval(v, reps, s.confidence);
    return { value: v, low, high };
  }
  const rate = clusteredRate(
    Array.from(side.num, (count, i) => ({
      count,
      of: side.den[i] as number,
      runs: side.runs[i] as number,
    })),
  );
  return {
    value: v,
    low: rate.low,
    high: rate.high,
    count: rate.count,
    of: rate.of,
    ...(rate.effective !== undefined && { effective: rate.effective }),
  };
}

/** Cases that got worse and better: bad on one side only, or (a total) a higher or lower value. */
function discordance(metric: PairedMetric): McNemarResult {
  const { a, b } = metric;
  let worse = 0;
  let better = 0;
  for (let i = 0; i < a.num.length; i++) {
    if (metric.kind === 'ratio') {
      if (!a.bad[i] && b.bad[i]) worse++;
      else if (a.bad[i] && !b.bad[i]) better++;
      continue;
    }
    const x = a.num[i] as number;
    const y = b.num[i] as number;
    if (x === y) continue;
    if (y > x === metric.higherIsBetter) better++;
    else worse++;
  }
  return exactMcNemar(worse, better);
}

function verdictOf(test: McNemarResult, alpha: number): PairedVerdict {
  if (test.p >= alpha || test.worse === test.better) return 'not_significant';
  return test.better > test.worse ? 'better' : 'worse';
}
