import { findBounces } from '../../checks/find-bounces.ts';
import { handoffsOf, type Timeline } from '../../model/timeline.ts';
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

/** The production facts of one conversation; pure, no labels needed. */
export function conversationFacts(
  view: ConversationView,
  options: ProductionOptions = {},
): ConversationFacts {
  const observed = handoffsOf(view.timeline);
  return {
    handoffs: observed.length,
    bounced: findBounces(view.timeline, observed, new Set()).length,
    reasked: reaskedHandoffs(view.timeline).size,
    waits: waitsOf(view.timeline),
    ...escalationOutcomes(view.timeline, view.persons, options.overrideDecisions),
  };
}
