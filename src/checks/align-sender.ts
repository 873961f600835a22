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

/** Cell (i, j) at i * width + j: the best alignment of expected[i..] with observed[j..]. */
interface Table {
  readonly width: number;
  readonly cost: AlignmentCost[];
  /** What that alignment does first. */
  readonly choice: number[];
  /** The position expected[i] takes in it, or NOT_TAKEN. */
  readonly first: number[];
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
  const size = (m + 1) * (n + 1);
  const table: Table = {
    width: n + 1,
    // Plain arrays: a case's table is a few cells, and typed arrays cost more to make.
    cost: new Array(size),
    choice: new Array<number>(size).fill(SKIP_EXPECTED),
    first: new Array<number>(size).fill(NOT_TAKEN),
  };
  for (let i = m; i >= 0; i--) {
    for (let j = n; j >= 0; j--) fill(table, i, j, expected[i], observed[j], m - i, n - j);
  }
  return { taken: walk(table, m), cost: table.cost[0] ?? ZERO_COST };
}

function fill(
  t: Table,
  i: number,
  j: number,
  exp: ExpectedHandoff | undefined,
  hit: HandoffEvent | undefined,
  expectedLeft: number,
  observedLeft: number,
): void {
  const cell = i * t.width + j;
  if (!exp || !hit) {
    t.cost[cell] = {
      missed: exp ? expectedLeft : 0,
      unneeded: exp ? 0 : observedLeft,
      wrongTargets: 0,
      stepsOff: 0,
      wrongTargetStepsOff: 0,
    };
    t.choice[cell] = SKIP_EXPECTED;
    return;
  }
  // Ties: pairing gives expected[i] the earliest position (j); skipping the handoff gives it a
  // later one or none; skipping the expectation gives none but leaves at least as much to the
  // rest. So: pair, else skip the handoff if expected[i] still takes one, else the expectation.
  let best = SKIP_EXPECTED;
  let bestCost = addCost(MISSED_COST, t.cost[cell + t.width] as AlignmentCost);
  const skipObserved = addCost(UNNEEDED_COST, t.cost[cell + 1] as AlignmentCost);
  const order = compareCost(skipObserved, bestCost);
  if (order < 0 || (order === 0 && t.first[cell + 1] !== NOT_TAKEN)) {
    best = SKIP_OBSERVED;
    bestCost = skipObserved;
  }
  const f = judgePair(exp, hit);
  const pair = f && addCost(fitCost(f), t.cost[cell + t.width + 1] as AlignmentCost);
  if (pair && compareCost(pair, bestCost) <= 0) {
    best = PAIR;
    bestCost = pair;
  }
  t.cost[cell] = bestCost;
  t.choice[cell] = best;
  t.first[cell] =
    best === PAIR ? j : best === SKIP_OBSERVED ? (t.first[cell + 1] ?? NOT_TAKEN) : NOT_TAKEN;
}

/** The positions the expectations take, following the choices from cell (0, 0). */
function walk(t: Table, m: number): number[] {
  const taken: number[] = [];
  for (let i = 0, j = 0; i < m; ) {
    const c = t.choice[i * t.width + j];
    if (c === SKIP_OBSERVED) {
      j++;
      continue;
    }
    taken.push(c === PAIR ? j : NOT_TAKEN);
    if (c === PAIR) j++;
    i++;
  }
  return taken;
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
