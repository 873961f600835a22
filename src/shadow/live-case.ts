import type { Case } from '../model/labelled-case.ts';
import { describeStep, type Step } from '../model/step.ts';
import type { LiveView } from './live-view.ts';

/** The candidate's case for one live conversation, or why the conversation cannot be replayed. */
export type LiveCase =
  | { readonly ok: true; readonly case: Case }
  | { readonly ok: false; readonly reason: string };

/** A case id from a conversation id: lower case, other characters as `-` (ids are case ids). */
export function caseIdOf(conversation: string, prefix = 'live'): string {
  const slug = conversation
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, 80);
  return `${prefix}-${slug || 'conversation'}`;
}

/**
 * The case a candidate runs for a live conversation: the live steps' inputs, in order, with the
 * entry agent and the participants the trace shows, and no labels (the candidate is compared
 * with the live run, not judged). Not replayable when a step's input is unknown or nobody took
 * the first step.
 */
export function liveCase(conversation: string, view: LiveView): LiveCase {
  const missing = view.inputs.indexOf(undefined);
  if (view.steps.length === 0) return { ok: false, reason: 'the trace has no steps' };
  if (missing !== -1) {
    const step = view.steps[missing];
    return {
      ok: false,
      reason: `step ${missing} (${step?.describe ?? 'unknown'}) ${view.missing[missing] ?? 'has no input'}`,
    };
  }
  if (view.entry === undefined)
    return {
      ok: false,
      reason: 'no agent took the first step: set shadow.entry in the suite, or emit agent spans',
    };
  const steps = view.inputs as readonly Step[];
  const agents = view.agents.includes(view.entry) ? view.agents : [view.entry, ...view.agents];
  return {
    ok: true,
    case: {
      id: caseIdOf(conversation),
      title: `live conversation ${conversation}: ${describeStep(steps[0] as Step)}`,
      source: `live conversation ${conversation}`,
      tags: ['shadow'],
      agents,
      persons: [...view.persons],
      entry: view.entry,
      steps,
      labels: { handoffs: [] },
    },
  };
}
