import type { Fit } from './handoff-fit.ts';

/**
 * What an alignment of expected and observed handoffs costs. Alignments compare level by level
 * (docs/verdicts.md, "Matching"), a later level only breaking ties of the earlier ones:
 * 1. missed + wrong targets: expectations whose handoff reached no receiver they accept;
 * 2. stepsOff: how far the handoffs to accepted receivers are from their windows;
 * 3. missed + unneeded: what is left unexplained (a wrong target explains both sides);
 * 4. wrongTargetStepsOff: how far the wrong-target handoffs are from their windows.
 */
export interface AlignmentCost {
  /** Expectations paired with no observed handoff. */
  readonly missed: number;
  /** Observed handoffs paired with no expectation. */
  readonly unneeded: number;
  /** Pairs whose handoff went to a receiver the expectation does not accept. */
  readonly wrongTargets: number;
  /** Steps outside the windows, early and late alike, over the pairs with an accepted receiver. */
  readonly stepsOff: number;
  /** Steps after the windows over the wrong-target pairs. */
  readonly wrongTargetStepsOff: number;
}

export const ZERO_COST: AlignmentCost = {
  missed: 0,
  unneeded: 0,
  wrongTargets: 0,
  stepsOff: 0,
  wrongTargetStepsOff: 0,
};
export const MISSED_COST: AlignmentCost = { ...ZERO_COST, missed: 1 };
export const UNNEEDED_COST: AlignmentCost = { ...ZERO_COST, unneeded: 1 };

/** The cost of one pair. */
export function fitCost(f: Fit): AlignmentCost {
  const steps = Math.abs(f.distance);
  return f.verdict === 'wrong_target'
    ? { missed: 0, unneeded: 0, wrongTargets: 1, stepsOff: 0, wrongTargetStepsOff: steps }
    : { missed: 0, unneeded: 0, wrongTargets: 0, stepsOff: steps, wrongTargetStepsOff: 0 };
}

export function addCost(a: AlignmentCost, b: AlignmentCost): AlignmentCost {
  return {
    missed: a.missed + b.missed,
    unneeded: a.unneeded + b.unneeded,
    wrongTargets: a.wrongTargets + b.wrongTargets,
    stepsOff: a.stepsOff + b.stepsOff,
    wrongTargetStepsOff: a.wrongTargetStepsOff + b.wrongTargetStepsOff,
  };
}

/** Negative when `a` is the better (cheaper) alignment, positive when `b` is, 0 when equal. */
export function compareCost(a: AlignmentCost, b: AlignmentCost): number {
  return (
    a.missed + a.wrongTargets - (b.missed + b.wrongTargets) ||
    a.stepsOff - b.stepsOff ||
    a.missed + a.unneeded - (b.missed + b.unneeded) ||
    a.wrongTargetStepsOff - b.wrongTargetStepsOff
  );
}
