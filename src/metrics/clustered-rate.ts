import type { Rate } from '../model/report.ts';
import { wilson, wilsonBounds } from './wilson.ts';

/** One case's part of a rate: successes and opportunities summed over the runs (repeats) it had. */
export interface Cluster {
  readonly count: number;
  readonly of: number;
  readonly runs: number;
}

/**
 * A rate over cases, each case a cluster of correlated observations (its repeats, and the several
 * expectations one case may hold), with a 95% Wilson interval on the effective count:
 *
 *   n_eff = min( p(1 − p) · N² / Σ (y_i − p·n_i)²,  Σ n_i / r_i )
 *
 * The first term is the count whose binomial variance equals the cluster (ratio-estimator)
 * variance of p = Y/N; the cap is the opportunities of a single pass over the cases, so a repeat
 * never counts as a new case. When the spread is zero (p = 0 or 1, or every case equal) only the
 * cap remains. A run with one opportunity per case and one repeat gets the plain Wilson interval;
 * repeating a deterministic run k times leaves n_eff, and so the interval, unchanged.
 */
export function clusteredRate(clusters: Iterable<Cluster>): Rate {
  let count = 0;
  let of = 0;
  let onePass = 0;
  let plain = true;
  // An array is read twice as it is; another iterable is copied once.
  const list = Array.isArray(clusters) ? (clusters as readonly Cluster[]) : [...clusters];
  for (const c of list) {
    const opportunities = opportunitiesOf(c);
    count += c.count;
    of += opportunities;
    if (c.runs > 0) onePass += opportunities / c.runs;
    if (c.runs > 1 || opportunities > 1) plain = false;
  }
  const base = wilson(count, of);
  if (plain || of === 0) return base;
  const n = effectiveCount(list, count / of, of, onePass);
  if (n >= of * (1 - 1e-12)) return base;
  return { ...base, ...wilsonBounds(base.rate, n), effective: Math.round(n * 1000) / 1000 };
}

/** A cluster's opportunities, never fewer than its successes. */
function opportunitiesOf(c: Cluster): number {
  return Math.max(c.of, c.count);
}

function effectiveCount(clusters: readonly Cluster[], p: number, of: number, cap: number): number {
  let spread = 0;
  for (const c of clusters) spread += (c.count - p * opportunitiesOf(c)) ** 2;
  const variance = p * (1 - p);
  if (variance === 0 || spread <= 1e-12 * of * of) return cap;
  return Math.min((variance * of * of) / spread, cap);
}
