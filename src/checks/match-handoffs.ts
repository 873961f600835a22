import type { ExpectedHandoff } from '../model/labelled-case.ts';
import type { HandoffEvent } from '../model/timeline.ts';
import { alignSender, NOT_TAKEN } from './align-sender.ts';
import { type AlignmentCost, addCost, compareCost, ZERO_COST } from './alignment-cost.ts';
import { fanOutOrder } from './fan-out-order.ts';
import { judgePair, type PairVerdict } from './handoff-fit.ts';
import { outOfOrder } from './out-of-order.ts';

/** How one expected handoff fared: paired with an observed one, or missed. */
export type HandoffMatch =
  | {
      readonly expected: ExpectedHandoff;
      readonly expectedIndex: number;
      /** `out_of_order`: on time, but paired against the label order (out-of-order.ts). */
      readonly verdict: PairVerdict | 'out_of_order';
      readonly observed: HandoffEvent;
      readonly observedIndex: number;
      /** Steps outside the window: negative when early, positive when late, 0 otherwise. */
      readonly distance: number;
    }
  | {
      readonly expected: ExpectedHandoff;
      readonly expectedIndex: number;
      readonly verdict: 'missed';
    };

/** The alignment of a case's expected handoffs with its observed ones. */
export interface Matching {
  /** One per expectation, in label order. */
  readonly matches: readonly HandoffMatch[];
  /** Observed handoffs no expectation claimed, with their index in the observed list. */
  readonly unmatched: readonly {
    readonly observed: HandoffEvent;
    readonly observedIndex: number;
  }[];
  /** What the chosen alignment costs; no other order-preserving alignment costs less. */
  readonly cost: AlignmentCost;
}

/**
 * Aligns expected handoffs (label order) with observed ones (time order), per sender and order
 * preserving, by the pairing of least cost (docs/verdicts.md defines it). A sender's consecutive
 * labels with one window are a fan-out, taken in the order the run made them (fanOutOrder). Observed handoffs are
 * ordered by time, then step; handoffs at the same time keep the order they are given in, the
 * timeline's, which `normalize` settles from the spans (not from the order they arrived in).
 */
export function matchHandoffs(
  expected: readonly ExpectedHandoff[],
  observed: readonly HandoffEvent[],
): Matching {
  // Plain loops, not map/filter/flatMap chains: this runs for every case of every run.
  const order: number[] = [];
  for (let i = 0; i < observed.length; i++) order.push(i);
  if (order.length > 1) order.sort((a, b) => byTime(observed, a, b));
  const matches: HandoffMatch[] = [];
  const senders = new Set<string>();
  for (let i = 0; i < expected.length; i++) {
    const exp = expected[i] as ExpectedHandoff;
    matches.push({ expected: exp, expectedIndex: i, verdict: 'missed' });
    senders.add(exp.from);
  }
  for (const o of observed) senders.add(o.from);
  const claimed = new Set<number>();
  let cost = ZERO_COST;
  for (const sender of senders) {
    const expIdx: number[] = [];
    const senderExpected: ExpectedHandoff[] = [];
    for (let i = 0; i < expected.length; i++) {
      const exp = expected[i] as ExpectedHandoff;
      if (exp.from !== sender) continue;
      expIdx.push(i);
      senderExpected.push(exp);
    }
    const obsIdx: number[] = [];
    const senderObserved: HandoffEvent[] = [];
    for (const i of order) {
      const hit = observed[i] as HandoffEvent;
      if (hit.from !== sender) continue;
      obsIdx.push(i);
      senderObserved.push(hit);
    }
    // A fan-out labelled in another order than it ran in is the same fan-out.
    const inOrder = fanOutOrder(senderExpected, senderObserved);
    let labelled = inOrder;
    let alignment = alignSender(
      labelled.map((k) => senderExpected[k] as ExpectedHandoff),
      senderObserved,
    );
    let blamed: ReadonlySet<number> = NONE;
    if (alignment.cost.missed + alignment.cost.wrongTargets > 0) {
      // Handoffs made in one window but not in the order labelled: pair them as if the labels
      // said no order, and blame the order (`out_of_order`), not a handoff that plainly happened.
      const anyOrder = fanOutOrder(senderExpected, senderObserved, true);
      const other = alignSender(
        anyOrder.map((k) => senderExpected[k] as ExpectedHandoff),
        senderObserved,
      );
      if (compareCost(other.cost, alignment.cost) < 0) {
        blamed = blamedLabels(inOrder, anyOrder, other.taken);
        labelled = anyOrder;
        alignment = other;
      }
    }
    cost = addCost(cost, alignment.cost);
    for (let k = 0; k < alignment.taken.length; k++) {
      const position = alignment.taken[k] as number;
      if (position === NOT_TAKEN) continue;
      const expectedIndex = expIdx[labelled[k] as number] as number;
      const observedIndex = obsIdx[position] as number;
      const exp = expected[expectedIndex] as ExpectedHandoff;
      const hit = observed[observedIndex] as HandoffEvent;
      const f = judgePair(exp, hit);
      if (!f) continue; // cannot happen: the alignment only pairs what judgePair accepts
      claimed.add(observedIndex);
      matches[expectedIndex] = {
        expected: exp,
        expectedIndex,
        observed: hit,
        observedIndex,
        verdict:
          f.verdict === 'on_time' && blamed.has(labelled[k] as number) ? 'out_of_order' : f.verdict,
        distance: f.distance,
      };
    }
  }
  const unmatched: { observed: HandoffEvent; observedIndex: number }[] = [];
  for (let i = 0; i < observed.length; i++)
    if (!claimed.has(i))
      unmatched.push({ observed: observed[i] as HandoffEvent, observedIndex: i });
  return { matches, unmatched, cost };
}

const NONE: ReadonlySet<number> = new Set();

/**
 * The labels (positions into the sender's expectations) whose handoffs, paired in `anyOrder`,
 * break the order `inOrder` gives them (see outOfOrder).
 */
function blamedLabels(
  inOrder: readonly number[],
  anyOrder: readonly number[],
  taken: readonly number[],
): ReadonlySet<number> {
  const at = new Map<number, number>();
  for (let k = 0; k < anyOrder.length; k++) {
    const position = taken[k] as number;
    if (position !== NOT_TAKEN) at.set(anyOrder[k] as number, position);
  }
  const positions = inOrder.map((label) => at.get(label));
  const out = new Set<number>();
  for (const k of outOfOrder(positions)) out.add(inOrder[k] as number);
  return out;
}

function byTime(observed: readonly HandoffEvent[], i: number, j: number): number {
  const a = observed[i] as HandoffEvent;
  const b = observed[j] as HandoffEvent;
  if (a.at !== b.at) return a.at - b.at;
  if (a.step !== b.step) return a.step - b.step;
  return i - j;
}
