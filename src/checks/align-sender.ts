import type { ExpectedHandoff } from '../model/labelled-case.ts';
import type { HandoffEvent } from '../model/timeline.ts';
import {
  type AlignmentCost,
  addCost,
  compareCost,
  fitCost,
  MISSED_COST,
  UNNEEDED_COST,
  ZERO_COST,
} from './alignment-cost.ts';
import { judgePair } from './handoff-fit.ts';

/** Marks an expectation that took no observed handoff. */
export const NOT_TAKEN = -1;

/** One sender's alignment: for each expectation, the position of the handoff it took. */
export interface SenderAlignment {
  /** Per expectation, in order: a position in the observed list, or NOT_TAKEN. */
  readonly taken: readonly number[];
  readonly cost: AlignmentCost;
}

// What the best alignment of expected[i..] with observed[j..] does first.
const SKIP_EXPECTED = 0;
const SKIP_OBSERVED = 1;
const PAIR = 2;
type Choice = typeof SKIP_EXPECTED | typeof SKIP_OBSERVED | typeof PAIR;

/**
 * Aligns one sender's expectations (label order) with its observed handoffs (time order) by
 * dynamic programming, as in sequence alignment: the order-preserving pairing of least cost
 * (see alignment-cost.ts). Among equally cheap pairings, each expectation in turn takes the
 * earliest handoff it can, so the result never depends on anything but the inputs' order.
 */
export function alignSender(
  expected: readonly ExpectedHandoff[],
  observed: readonly HandoffEvent[],
): SenderAlignment {
  const m = expected.length;
  const n = observed.length;
  const width = n + 1;
  // Cell (i, j) at i * width + j: the best alignment of expected[i..] with observed[j..], what
  // it does first, and the position expected[i] takes in it.
  const cost: AlignmentCost[] = new Array((m + 1) * width);
  const choice = new Uint8Array((m + 1) * width);
  const first = new Int32Array((m + 1) * width).fill(NOT_TAKEN);
  const at = (i: number, j: number) => cost[i * width + j] as AlignmentCost;

  for (let i = m; i >= 0; i--) {
    for (let j = n; j >= 0; j--) {
      const cell = i * width + j;
      const exp = expected[i];
      const hit = observed[j];
      if (!exp || !hit) {
        cost[cell] = exp ? { ...ZERO_COST, missed: m - i } : { ...ZERO_COST, unneeded: n - j };
        choice[cell] = SKIP_EXPECTED;
        continue;
      }
      // Ties: pairing gives expected[i] the earliest position (j); skipping this handoff gives
      // it a later one, or none; skipping the expectation gives none, but leaves the rest as
      // much to choose from as skipping the handoff would. So: pair, else skip the handoff if
      // expected[i] still takes one, else skip the expectation.
      let best: Choice = SKIP_EXPECTED;
      let bestCost = addCost(MISSED_COST, at(i + 1, j));
      const skipObserved = addCost(UNNEEDED_COST, at(i, j + 1));
      const order = compareCost(skipObserved, bestCost);
      if (order < 0 || (order === 0 && first[cell + 1] !== NOT_TAKEN)) {
        best = SKIP_OBSERVED;
        bestCost = skipObserved;
      }
      const f = judgePair(exp, hit);
      const pair = f && addCost(fitCost(f), at(i + 1, j + 1));
      if (pair && compareCost(pair, bestCost) <= 0) {
        best = PAIR;
        bestCost = pair;
      }
      cost[cell] = bestCost;
      choice[cell] = best;
      first[cell] =
        best === PAIR ? j : best === SKIP_OBSERVED ? (first[cell + 1] as number) : NOT_TAKEN;
    }
  }
  const taken: number[] = [];
  for (let i = 0, j = 0; i < m; ) {
    const c = choice[i * width + j];
    if (c === SKIP_OBSERVED) j++;
    else {
      taken.push(c === PAIR ? j : NOT_TAKEN);
      if (c === PAIR) j++;
      i++;
    }
  }
  return { taken, cost: at(0, 0) ?? ZERO_COST };
}

/** Lexicographic, a missed expectation counting as later than any handoff (the tie-break). */
export function compareTaken(a: readonly number[], b: readonly number[]): number {
  for (let k = 0; k < Math.max(a.length, b.length); k++) {
    const x = a[k] ?? NOT_TAKEN;
    const y = b[k] ?? NOT_TAKEN;
    if (x === y) continue;
    if (x === NOT_TAKEN) return 1;
    if (y === NOT_TAKEN) return -1;
    return x - y;
  }
  return 0;
}
