import type { HandoffEvent, Timeline } from '../model/timeline.ts';
import { agentsIn } from './effects/activity.ts';

/**
 * The observed handoffs (by index) that are a person's answer coming back: P → A where the work
 * last reached P from A, P is a person (never seen in an agent turn), and P decided after that
 * handoff (a decision event, or a person step of the case) and no later than the return. A
 * supervisor who approves a refund and hands it back to the refunds agent did the work asked of
 * them: the return is neither ping-pong nor a handoff nobody needed. Labels that expect it still
 * judge it like any other handoff.
 */
export function personAnswers(
  timeline: Timeline,
  observed: readonly HandoffEvent[],
  claimed: ReadonlySet<number>,
): ReadonlySet<number> {
  const out = new Set<number>();
  if (!timeline.events.some((e) => e.kind === 'decision' || isPersonStep(e))) return out;
  const agents = agentsIn(timeline);
  observed.forEach((h, k) => {
    if (claimed.has(k) || agents.has(h.from)) return;
    const into = lastInto(observed, k, h.from);
    if (into === undefined || into.from !== h.to) return;
    if (decidedBetween(timeline, h.from, into, h)) out.add(k);
  });
  return out;
}

function lastInto(observed: readonly HandoffEvent[], k: number, who: string) {
  for (let i = k - 1; i >= 0; i--) {
    const h = observed[i] as HandoffEvent;
    if (h.to === who) return h;
  }
  return undefined;
}

function decidedBetween(
  timeline: Timeline,
  person: string,
  into: HandoffEvent,
  back: HandoffEvent,
): boolean {
  return timeline.events.some(
    (e) =>
      e.step >= into.step &&
      e.step <= back.step &&
      (e.kind === 'decision'
        ? e.person === person && e.at >= into.at
        : isPersonStep(e) && e.step > into.step),
  );
}

function isPersonStep(e: Timeline['events'][number]): boolean {
  return e.kind === 'step' && e.stepKind === 'person';
}
