import type { HandoffEvent, TimelineEvent } from '../model/timeline.ts';

/**
 * `baton.handoff.via` of a handoff an adapter inferred from a state change (LangGraph's
 * `activeAgent`), not one the application traced.
 */
export const VIA_ACTIVE_AGENT = 'active_agent';
/**
 * `baton.handoff.via` of a handoff an adapter inferred from the graph nodes that ran (LangGraph:
 * work that moved from one participant node to another, with no other mark).
 */
export const VIA_GRAPH_NODE = 'graph_node';

/** Whether a handoff span's `baton.handoff.via` says an adapter inferred it. */
export function isInferredVia(via: string | undefined): boolean {
  return via === VIA_ACTIVE_AGENT || via === VIA_GRAPH_NODE;
}

/** Handoff events an adapter inferred, so that a traced report of the same handoff wins. */
const inferred = new WeakSet<HandoffEvent>();

export function markInferred(event: HandoffEvent): HandoffEvent {
  inferred.add(event);
  return event;
}

/**
 * Drops each inferred handoff that a traced one already reports (same step, sender and receiver;
 * one for one): a node that writes its own handoff span with the payload (`emitHandoff`) and also
 * moves `activeAgent`, or routes to the receiver's node, made one handoff, not two.
 */
export function withoutInferredEchoes(events: TimelineEvent[]): TimelineEvent[] {
  return withoutEchoes(
    events,
    inferred,
    (guess, t) => t.step === guess.step && t.from === guess.from && t.to === guess.to,
  );
}

/**
 * `events` without each handoff of `guessed` that a handoff not guessed reports (`same`), one
 * for one: the traced report of a handoff wins over what an adapter read elsewhere.
 */
export function withoutEchoes(
  events: TimelineEvent[],
  guessed: WeakSet<HandoffEvent>,
  same: (guess: HandoffEvent, traced: HandoffEvent) => boolean,
): TimelineEvent[] {
  const traced: HandoffEvent[] = [];
  let guesses = 0;
  for (const e of events) {
    if (e.kind !== 'handoff') continue;
    if (guessed.has(e)) guesses++;
    else traced.push(e);
  }
  if (guesses === 0 || traced.length === 0) return events;
  const unclaimed = new Set(traced);
  return events.filter((e) => {
    if (e.kind !== 'handoff' || !guessed.has(e)) return true;
    for (const t of unclaimed) {
      if (!same(e, t)) continue;
      unclaimed.delete(t);
      return false;
    }
    return true;
  });
}
