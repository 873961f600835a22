import { findBounces } from '../../checks/find-bounces.ts';
import { type HandoffEvent, handoffsOf, type Timeline } from '../../model/timeline.ts';
import { type EscalationOutcomes, escalationOutcomes } from './overrides.ts';
import { reaskedHandoffs } from './reasks.ts';
import { type Wait, waitsOf } from './waits.ts';

/** One conversation as the production metrics read it: its timeline and who the people are. */
export interface ConversationView {
  readonly timeline: Timeline;
  /** Receivers that are people or people's queues (escalation targets). */
  readonly persons: ReadonlySet<string>;
}

export interface ProductionOptions {
  /** Decisions that count as a person overriding the agent (default: reject, deny, …). */
  readonly overrideDecisions?: readonly string[];
}

/** What one conversation contributes to the production metrics. */
export interface ConversationFacts extends EscalationOutcomes {
  readonly handoffs: number;
  /** Handoffs that bounced (ping-pong), unlabelled: every observed handoff may. */
  readonly bounced: number;
  readonly reasked: number;
  readonly waits: readonly Wait[];
}

/**
 * Bounced handoffs, every observed one a candidate (nothing is labelled). A person handing the
 * work back with a decision is the way back from an escalation, not ping-pong, so such a return
 * does not count; escalating to the person again after it does.
 */
function pingPongs(view: ConversationView, observed: readonly HandoffEvent[]): number {
  return findBounces(view.timeline, observed, new Set()).filter(
    (b) => !(b.kind === 'return' && view.persons.has(observed[b.observedIndex]?.from ?? '')),
  ).length;
}

/** The production facts of one conversation; pure, no labels needed. */
export function conversationFacts(
  view: ConversationView,
  options: ProductionOptions = {},
): ConversationFacts {
  const observed = handoffsOf(view.timeline);
  return {
    handoffs: observed.length,
    bounced: pingPongs(view, observed),
    reasked: reaskedHandoffs(view.timeline).size,
    waits: waitsOf(view.timeline),
    ...escalationOutcomes(view.timeline, view.persons, options.overrideDecisions),
  };
}
