import { probit } from 'simple-statistics';
import { minimumDiscordant } from './mcnemar.ts';

/** What a minimum detectable difference is computed for: a test level and a power. */
export interface DetectionSettings {
  /** Two-sided significance level (0.05). */
  readonly alpha: number;
  /** The chance of detecting a real difference of the MDD's size (0.8). */
  readonly power: number;
}

/** z_{1−α/2} + z_{power}: 1.96 + 0.84 = 2.80 at α = 0.05 and 80% power. */
export function detectionMultiplier(s: DetectionSettings): number {
  return probit(1 - s.alpha / 2) + probit(s.power);
}

/** The columns of a metric the MDD reads: each case's count and opportunities on each side. */
export interface DetectedMetric {
  /** `ratio`: a rate over opportunities, at most 1; `total`: a sum over the cases, unbounded. */
  readonly kind: 'ratio' | 'total';
  readonly a: { readonly num: Float64Array; readonly den: Float64Array };
  readonly b: { readonly num: Float64Array; readonly den: Float64Array };
}

/**
 * What these cases can detect of a metric. `measured` is the n of the McNemar test: the cases
 * with an opportunity for the metric (every case for a total).
 * - `detectable`: the minimum detectable difference, in the metric's units;
 * - `too_few`: fewer measured cases than the exact test needs discordant ones, so no difference,
 *   however large, can be significant;
 * - `nothing`: nothing to measure (no opportunity, or a total that is 0 everywhere).
 */
export type Detection =
  | { readonly kind: 'detectable'; readonly measured: number; readonly mdd: number }
  | { readonly kind: 'too_few'; readonly measured: number }
  | { readonly kind: 'nothing'; readonly measured: number };

/**
 * The minimum detectable difference of a paired comparison:
 *
 *   MDD = max( (z_{1−α/2} + z_{power}) · SE,  floor ),  capped at 1 for a rate
 *
 * SE is the paired bootstrap standard error of the difference; the floor is the smallest change
 * the exact McNemar test can ever call significant with these cases (its minimum number d of
 * discordant cases, each moving the metric by its smallest step). The floor keeps the MDD honest
 * when the two runs agree on every case and SE is zero. Fewer than d measured cases can never be
 * significant: `too_few`. With at least d, a change of a rate by 1 (100 pp) flips every case the
 * same way, which the exact test always detects: the normal approximation above 1 is capped.
 */
export function detection(metric: DetectedMetric, se: number, s: DetectionSettings): Detection {
  const d = minimumDiscordant(s.alpha);
  const n = metric.a.num.length;
  const spread = detectionMultiplier(s) * se;
  if (metric.kind === 'ratio') {
    let measured = 0;
    for (let i = 0; i < n; i++)
      if ((metric.a.den[i] as number) > 0 || (metric.b.den[i] as number) > 0) measured++;
    if (measured === 0) return { kind: 'nothing', measured };
    if (measured < d) return { kind: 'too_few', measured };
    return { kind: 'detectable', measured, mdd: Math.min(1, Math.max(spread, d / measured)) };
  }
  const step = smallestStep(metric);
  if (step === undefined) return { kind: 'nothing', measured: n };
  if (n < d) return { kind: 'too_few', measured: n };
  return { kind: 'detectable', measured: n, mdd: Math.max(spread, d * step) };
}

/** The smallest non-zero value or change of a total on any case; undefined when all are 0. */
function smallestStep({ a, b }: DetectedMetric): number | undefined {
  let step = Number.POSITIVE_INFINITY;
  for (let i = 0; i < a.num.length; i++) {
    const x = a.num[i] as number;
    const y = b.num[i] as number;
    for (const v of [x, y, Math.abs(y - x)]) if (v > 0) step = Math.min(step, v);
  }
  return Number.isFinite(step) ? step : undefined;
}
