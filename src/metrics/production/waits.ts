import type { Timeline, TimelineEvent } from '../../model/timeline.ts';
import { actorOf } from './actors.ts';

/** One handoff's wait at its receiver; `ms` is absent when the receiver never acted after it. */
export interface Wait {
  readonly queue: string;
  readonly ms?: number;
}

/**
 * For every handoff, how long its receiver took to do anything: the time from the handoff to the
 * receiver's first action after it (an agent turn, a handoff of its own, an acknowledgment, a
 * question, a decision, an effect or a tool call). One backward pass: linear in the events.
 */
export function waitsOf(timeline: Timeline): Wait[] {
  const events = timeline.events;
  const nextAction = new Map<string, TimelineEvent>();
  const out: Wait[] = [];
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i] as TimelineEvent;
    if (e.kind === 'handoff') {
      const next = nextAction.get(e.to);
      out.push(next ? { queue: e.to, ms: Math.max(0, next.at - e.at) } : { queue: e.to });
    }
    const actor = actorOf(e);
    if (actor !== undefined) nextAction.set(actor, e);
  }
  return out.reverse();
}
