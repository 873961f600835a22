import { gammaln } from 'simple-statistics';

/** The exact McNemar test on the discordant cases of a paired comparison. */
export interface McNemarResult {
  /** Cases that went from good to bad. */
  readonly worse: number;
  /** Cases that went from bad to good. */
  readonly better: number;
  /** Two-sided exact p-value: how surprising this split is if the change made no difference. */
  readonly p: number;
}

/**
 * The exact (binomial) McNemar test: under no effect each of the n = worse + better discordant
 * cases is equally likely to go either way, so p = min(1, 2 · P(X ≤ min(worse, better))) with
 * X ~ Binomial(n, 1/2). Concordant cases carry no information about the direction and are left
 * out. Computed in log space, so it holds for any number of cases.
 */
export function exactMcNemar(worse: number, better: number): McNemarResult {
  return { worse, better, p: twoSidedSignP(worse, better) };
}

function twoSidedSignP(a: number, b: number): number {
  const n = a + b;
  const k = Math.min(a, b);
  if (n === 0 || 2 * k >= n) return 1;
  // The largest term of the lower tail is at i = k (k < n/2); sum the others relative to it.
  const logTop = gammaln(n + 1) - gammaln(k + 1) - gammaln(n - k + 1) - n * Math.LN2;
  let relative = 1;
  let sum = 1;
  for (let i = k; i > 0 && relative > 1e-17 * sum; i--) {
    relative *= i / (n - i + 1);
    sum += relative;
  }
  return Math.min(1, 2 * Math.exp(logTop + Math.log(sum)));
}

/**
 * The fewest discordant cases, all changed the same way, that can make the exact McNemar test
 * significant at `alpha`: 6 at 0.05 (p = 2/2⁶ = 0.031), 8 at 0.01. Fewer paired cases than this
 * can never show a difference, whatever happened.
 */
export function minimumDiscordant(alpha: number): number {
  let d = 1;
  while (twoSidedSignP(d, 0) >= alpha) d++;
  return d;
}
