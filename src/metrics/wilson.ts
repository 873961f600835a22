import type { Rate } from '../model/report.ts';

const Z95 = 1.959963984540054;

/**
 * The 95% Wilson score bounds of a proportion `p` observed over `n` trials. `n` may be
 * fractional: an effective count (see clustered-rate.ts) is still a count of independent trials.
 */
export function wilsonBounds(
  p: number,
  n: number,
): { readonly low: number; readonly high: number } {
  if (!(n > 0)) return { low: 0, high: 1 };
  const z2 = Z95 * Z95;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const margin = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  // At p = 0 or 1 the bound on that side is exact; rounding must not move it off 0 or 1.
  return {
    low: p === 0 ? 0 : Math.max(0, centre - margin),
    high: p === 1 ? 1 : Math.min(1, centre + margin),
  };
}

/**
 * `count` out of `of` with its 95% Wilson score interval, which stays inside [0, 1] and is
 * sensible for small samples and rates near 0 or 1 (where the normal approximation is not).
 */
export function wilson(count: number, of: number): Rate {
  // No opportunities, no evidence: any rate is possible.
  if (of === 0) return { count, of, rate: 0, low: 0, high: 1 };
  const p = count / of;
  return { count, of, rate: p, ...wilsonBounds(p, of) };
}
