import type { ExpectedHandoff } from '../model/labelled-case.ts';
import type { HandoffEvent } from '../model/timeline.ts';
import { alignSender, NOT_TAKEN } from './align-sender.ts';
import { type AlignmentCost, addCost, ZERO_COST } from './alignment-cost.ts';
import { judgePair, type PairVerdict } from './handoff-fit.ts';

/** How one expected handoff fared: paired with an observed one, or missed. */
export type HandoffMatch =
  | {
      readonly expected: ExpectedHandoff;
      readonly expectedIndex: number;
      readonly verdict: PairVerdict;
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
 * preserving, by the pairing of least cost (docs/verdicts.md defines it). Observed handoffs are
 * ordered by time, then step and span id, so equal-time inputs in any order give one answer.
 */
export function matchHandoffs(
  expected: readonly ExpectedHandoff[],
  observed: readonly HandoffEvent[],
): Matching {
  const order = observed.map((_, i) => i).sort((a, b) => byTime(observed, a, b));
  const matches: HandoffMatch[] = expected.map((exp, expectedIndex) => ({
    expected: exp,
    expectedIndex,
    verdict: 'missed',
  }));
  const claimed = new Set<number>();
  let cost = ZERO_COST;
  for (const sender of new Set([...expected.map((e) => e.from), ...observed.map((o) => o.from)])) {
    const expIdx = expected.flatMap((e, i) => (e.from === sender ? [i] : []));
    const obsIdx = order.filter((i) => observed[i]?.from === sender);
    const alignment = alignSender(
      expIdx.map((i) => expected[i] as ExpectedHandoff),
      obsIdx.map((i) => observed[i] as HandoffEvent),
    );
    cost = addCost(cost, alignment.cost);
    alignment.taken.forEach((position, k) => {
      if (position === NOT_TAKEN) return;
      const expectedIndex = expIdx[k] as number;
      const observedIndex = obsIdx[position] as number;
      const exp = expected[expectedIndex] as ExpectedHandoff;
      const hit = observed[observedIndex] as HandoffEvent;
      const f = judgePair(exp, hit);
      if (!f) return; // cannot happen: the alignment only pairs what judgePair accepts
      claimed.add(observedIndex);
      matches[expectedIndex] = { expected: exp, expectedIndex, observed: hit, observedIndex, ...f };
    });
  }
  const unmatched = observed.flatMap((o, observedIndex) =>
    claimed.has(observedIndex) ? [] : [{ observed: o, observedIndex }],
  );
  return { matches, unmatched, cost };
}

function byTime(observed: readonly HandoffEvent[], i: number, j: number): number {
  const a = observed[i] as HandoffEvent;
  const b = observed[j] as HandoffEvent;
  if (a.at !== b.at) return a.at - b.at;
  if (a.step !== b.step) return a.step - b.step;
  if (a.spanId !== b.spanId) return a.spanId < b.spanId ? -1 : 1;
  return a.to < b.to ? -1 : a.to > b.to ? 1 : i - j;
}
