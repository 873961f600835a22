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
  // best[i][j]: the best alignment of expected[i..] with observed[j..].
  const best: SenderAlignment[][] = [];
  for (let i = m; i >= 0; i--) {
    const row: SenderAlignment[] = [];
    best[i] = row;
    for (let j = n; j >= 0; j--) row[j] = cell(i, j);
  }
  return best[0]?.[0] ?? { taken: [], cost: ZERO_COST };

  function cell(i: number, j: number): SenderAlignment {
    const exp = expected[i];
    const hit = observed[j];
    if (!exp) return { taken: [], cost: { ...ZERO_COST, unneeded: n - j } };
    if (!hit) return { taken: Array(m - i).fill(NOT_TAKEN), cost: { ...ZERO_COST, missed: m - i } };
    const skipExpected = at(i + 1, j);
    const skipObserved = at(i, j + 1);
    let choice: SenderAlignment = {
      taken: [NOT_TAKEN, ...skipExpected.taken],
      cost: addCost(MISSED_COST, skipExpected.cost),
    };
    choice = better(choice, {
      taken: skipObserved.taken,
      cost: addCost(UNNEEDED_COST, skipObserved.cost),
    });
    const f = judgePair(exp, hit);
    if (f) {
      const rest = at(i + 1, j + 1);
      choice = better(choice, { taken: [j, ...rest.taken], cost: addCost(fitCost(f), rest.cost) });
    }
    return choice;
  }

  function at(i: number, j: number): SenderAlignment {
    const c = best[i]?.[j];
    if (!c) throw new Error(`alignment cell ${i},${j} read before it was computed`);
    return c;
  }
}

function better(a: SenderAlignment, b: SenderAlignment): SenderAlignment {
  const byCost = compareCost(a.cost, b.cost);
  if (byCost !== 0) return byCost < 0 ? a : b;
  return compareTaken(a.taken, b.taken) <= 0 ? a : b;
}

/** Lexicographic, a missed expectation counting as later than any handoff. */
export function compareTaken(a: readonly number[], b: readonly number[]): number {
  for (let k = 0; k < a.length; k++) {
    const x = a[k] ?? NOT_TAKEN;
    const y = b[k] ?? NOT_TAKEN;
    if (x === y) continue;
    if (x === NOT_TAKEN) return 1;
    if (y === NOT_TAKEN) return -1;
    return x - y;
  }
  return 0;
}
