import type { Rate } from '../model/report.ts';

const Z95 = 1.959963984540054;

/**
 * `count` out of `of` with its 95% Wilson score interval, which stays inside [0, 1] and is
 * sensible for small samples and rates near 0 or 1 (where the normal approximation is not).
 */
export function wilson(count: number, of: number): Rate {
  // No opportunities, no evidence: any rate is possible.
  if (of === 0) return { count, of, rate: 0, low: 0, high: 1 };
  const p = count / of;
  const z2 = Z95 * Z95;
  const denominator = 1 + z2 / of;
  const centre = (p + z2 / (2 * of)) / denominator;
  const margin = (Z95 * Math.sqrt((p * (1 - p)) / of + z2 / (4 * of * of))) / denominator;
  return {
    count,
    of,
    rate: p,
    low: Math.max(0, centre - margin),
    high: Math.min(1, centre + margin),
  };
}
