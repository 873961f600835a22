import type { HandoffEvent, Timeline, TimelineEvent } from '../model/timeline.ts';
import { committedBetween, firstAtOrAfter } from './effects/activity.ts';

/** How work handed from A to B came back to A before A sent it to B again. */
export type ReturnedBy =
  /** B handed off to A. */
  | 'handback'
  /** B rejected a handoff (from A, or from an unnamed sender). */
  | 'rejection'
  /** B's agent turn began after the handoff and ended before A sent again, in the same step, or a `return` event says B's answer came back. */
  | 'answer';

/** An observed handoff no expectation claimed that is ping-pong, not merely unneeded. */
export type Bounce =
  | {
      /** A → B, then B's next handoff goes straight back to A. */
      readonly kind: 'return';
      readonly observedIndex: number;
      /** The A → B handoff it returns. */
      readonly outbound: number;
    }
  | {
      /** A → B came back to A, and A sent the same work to B again. */
      readonly kind: 'redelegation';
      readonly observedIndex: number;
      /** The previous A → B handoff. */
      readonly previous: number;
      readonly returnedBy: ReturnedBy;
      /** The span that shows the work came back (the handback, rejection or B's turn). */
      readonly evidence: string;
    };

/**
 * Which of the unclaimed handoffs bounced (docs/verdicts.md, "Bounced"). `observed` is the
 * timeline's handoffs in time order; `claimed` the indices the alignment paired with an
 * expectation, which are never bounces: the labels expect them. Sending A → B again after B did
 * the work (committed an effect) in between is new work, not the same work bouncing.
 */
export function findBounces(
  timeline: Timeline,
  observed: readonly HandoffEvent[],
  claimed: ReadonlySet<number>,
): Bounce[] {
  const out: Bounce[] = [];
  observed.forEach((h, k) => {
    if (claimed.has(k)) return;
    // A → B → A → B: the last hop is a return of the return too; the resend says more.
    const previous = lastIndexBefore(observed, k, (o) => o.from === h.from && o.to === h.to);
    const back =
      previous === undefined ? undefined : howItCameBack(timeline, observed, previous, k);
    if (previous !== undefined && back) {
      if (!committedBetween(timeline, h.to, observed[previous] as HandoffEvent, h))
        out.push({ kind: 'redelegation', observedIndex: k, previous, ...back });
      return;
    }
    const outbound = returnedHandoff(observed, k);
    if (outbound !== undefined) out.push({ kind: 'return', observedIndex: k, outbound });
  });
  return out;
}

/** The latest A → B before `k` (= B → A) after which B made no handoff until `k`. */
function returnedHandoff(observed: readonly HandoffEvent[], k: number): number | undefined {
  const back = observed[k] as HandoffEvent;
  for (let i = k - 1; i >= 0; i--) {
    const h = observed[i] as HandoffEvent;
    if (h.from === back.from) return undefined;
    if (h.from === back.to && h.to === back.from) return i;
  }
  return undefined;
}

function howItCameBack(
  timeline: Timeline,
  observed: readonly HandoffEvent[],
  previous: number,
  k: number,
): { returnedBy: ReturnedBy; evidence: string } | undefined {
  const sent = observed[previous] as HandoffEvent;
  const again = observed[k] as HandoffEvent;
  for (let i = previous + 1; i < k; i++) {
    const h = observed[i] as HandoffEvent;
    if (h.from === sent.to && h.to === sent.from)
      return { returnedBy: 'handback', evidence: h.spanId };
  }
  const events = timeline.events;
  // Events are in time order: start at the first one at or after the earlier handoff.
  for (let i = firstAtOrAfter(events, sent.at); i < events.length; i++) {
    const e = events[i] as TimelineEvent;
    if (e.at > again.at) break;
    if (e.kind === 'reject' && e.by === sent.to && (e.from ?? sent.from) === sent.from) {
      return { returnedBy: 'rejection', evidence: e.spanId };
    }
    if (
      e.kind === 'agent_turn' &&
      e.agent === sent.to &&
      e.end <= again.at &&
      sent.step === again.step
    ) {
      return { returnedBy: 'answer', evidence: e.spanId };
    }
    // A delegation that was a call came back with B's answer (a CrewAI tool call ended).
    if (
      e.kind === 'return' &&
      e.by === sent.to &&
      e.to === sent.from &&
      (e.of === undefined || e.of === sent.spanId) &&
      sent.step === again.step
    ) {
      return { returnedBy: 'answer', evidence: e.spanId };
    }
  }
  return undefined;
}

function lastIndexBefore(
  observed: readonly HandoffEvent[],
  k: number,
  test: (h: HandoffEvent) => boolean,
): number | undefined {
  for (let i = k - 1; i >= 0; i--) if (test(observed[i] as HandoffEvent)) return i;
  return undefined;
}
