import { quantileSorted, sampleStandardDeviation } from 'simple-statistics';

/** A point estimate with the bounds of its interval. */
export interface Interval {
  readonly value: number;
  readonly low: number;
  readonly high: number;
}

/**
 * The percentile interval of bootstrap replicates at `confidence` (0.95: the 2.5th and 97.5th
 * percentiles) around the estimate from the data itself, and the replicates' standard deviation
 * (the bootstrap standard error).
 */
export function percentileInterval(
  value: number,
  replicates: Float64Array,
  confidence: number,
): Interval & { readonly se: number } {
  if (replicates.length < 2) return { value, low: value, high: value, se: 0 };
  const sorted = Float64Array.from(replicates).sort();
  const tail = (1 - confidence) / 2;
  const values = Array.from(sorted);
  return {
    value,
    low: quantileSorted(values, tail),
    high: quantileSorted(values, 1 - tail),
    se: sampleStandardDeviation(values),
  };
}
