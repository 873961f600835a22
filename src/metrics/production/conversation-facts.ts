import { analyseHandoffs } from '../../checks/handoff-analysis.ts';
import type { Labels } from '../../model/labelled-case.ts';
import { handoffsOf, type Timeline } from '../../model/timeline.ts';
import { type EscalationOutcomes, escalationOutcomes } from './overrides.ts';
import { payloadKeys, reaskedHandoffs } from './reasks.ts';
import { spokenReasks } from './spoken-reasks.ts';
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
  /** The suite's `facts:` map (fact name → how people ask for it), as the re-ask check reads it. */
  readonly facts?: Readonly<Record<string, readonly string[]>>;
}

/** What one conversation contributes to the production metrics. */
export interface ConversationFacts extends EscalationOutcomes {
  /** Handoffs the agents made (a framework's automatic return is none, as in a run). */
  readonly handoffs: number;
  /** Handoffs that bounced (ping-pong), unlabelled: every observed handoff may. */
  readonly bounced: number;
  readonly reasked: number;
  /** Handoffs made when the conversation already held a fact (a payload value, a field asked). */
  readonly reaskable: number;
  readonly waits: readonly Wait[];
}

/** Nothing is labelled: every observed handoff is a candidate for a bounce. */
const NO_LABELS: Labels = { handoffs: [] };

/**
 * Bounced handoffs by `baton run`'s own rules (`analyseHandoffs`, docs/verdicts.md "Bounced"),
 * with no handoff expected: an answer coming back (a person's decision, a framework's automatic
 * return, finished work after an effect) is not one. A known person handing the work back is
 * not one either: a run's labels expect that return, and here the person is the label.
 */
function pingPongs(view: ConversationView): number {
  const { observed, bounces } = analyseHandoffs(view.timeline, NO_LABELS);
  return bounces.filter(
    (b) => !(b.kind === 'return' && view.persons.has(observed[b.observedIndex]?.from ?? '')),
  ).length;
}

/** The production facts of one conversation; pure, no labels needed. */
export function conversationFacts(
  view: ConversationView,
  options: ProductionOptions = {},
): ConversationFacts {
  const observed = handoffsOf(view.timeline);
  const reasked = reaskedHandoffs(view.timeline);
  for (const k of spokenReasks(view.timeline, options.facts)) reasked.add(k);
  const made = (k: number) => observed[k]?.autoReturn !== true;
  return {
    handoffs: observed.filter((_, k) => made(k)).length,
    bounced: pingPongs(view),
    reasked: [...reasked].filter(made).length,
    reaskable: reaskable(view.timeline),
    waits: waitsOf(view.timeline),
    ...escalationOutcomes(view.timeline, view.persons, options.overrideDecisions),
  };
}

/** Handoffs made once the conversation held something a receiver could be asked again. */
function reaskable(timeline: Timeline): number {
  let held = false;
  let count = 0;
  for (const e of timeline.events) {
    if (e.kind === 'question' && e.fields.length > 0) held = true;
    if (e.kind !== 'handoff') continue;
    held ||= payloadKeys(e.payload).size > 0;
    if (held) count++;
  }
  return count;
}
