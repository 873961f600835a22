import type { ExpectedHandoff } from '../model/labelled-case.ts';
import type { HandoffEvent } from '../model/timeline.ts';

/**
 * How many steps after its window a handoff to another receiver still explains an expectation.
 * Before the window it never does: the trigger the window marks had not arrived yet, so a handoff
 * to someone else then answers something else (it is `unneeded`, the expectation `missed`).
 */
export const WRONG_TARGET_REACH = 1;

/** The verdict of an expectation paired with an observed handoff. */
export type PairVerdict = 'on_time' | 'early' | 'late' | 'wrong_target';

/** How an observed handoff explains an expectation: its verdict and steps outside the window. */
export interface Fit {
  readonly verdict: PairVerdict;
  /** Steps outside the window: negative when early, positive when late, 0 inside. */
  readonly distance: number;
}

/** Steps between `step` and the window: negative before it, positive after, 0 inside. */
export function stepsOutside(window: readonly [number, number], step: number): number {
  const [first, last] = window;
  return step < first ? step - first : step > last ? step - last : 0;
}

/** Whether a handoff to `to` is one the expectation accepts: its target or a listed alternative. */
export function acceptsTarget(exp: ExpectedHandoff, to: string): boolean {
  return to === exp.to || exp.alternatives.includes(to);
}

/**
 * How `hit` explains `exp`, or undefined when it cannot: a handoff from another sender never
 * does, one to an accepted target always does (early or late by any distance), one to another
 * receiver only inside the window or up to WRONG_TARGET_REACH steps after it — unless the
 * framework made it (`autoReturn`): the sender chose no receiver, so it misrouted nothing.
 */
export function judgePair(exp: ExpectedHandoff, hit: HandoffEvent): Fit | undefined {
  if (hit.from !== exp.from) return undefined;
  const distance = stepsOutside(exp.window, hit.step);
  if (!acceptsTarget(exp, hit.to)) {
    return distance >= 0 && distance <= WRONG_TARGET_REACH && hit.autoReturn !== true
      ? { verdict: 'wrong_target', distance }
      : undefined;
  }
  if (distance < 0) return { verdict: 'early', distance };
  if (distance > 0) return { verdict: 'late', distance };
  return { verdict: 'on_time', distance };
}
