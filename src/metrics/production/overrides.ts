import type { HandoffEvent, Timeline } from '../../model/timeline.ts';
import { looseName } from './actors.ts';

/** Decisions that reverse what the agent did or proposed, unless the suite lists its own. */
export const DEFAULT_OVERRIDE_DECISIONS: readonly string[] = [
  'reject',
  'rejected',
  'deny',
  'denied',
  'decline',
  'declined',
  'override',
  'overridden',
  'overrule',
  'overruled',
  'reverse',
  'reversed',
  'revert',
  'reverted',
  'undo',
];

/** Payload fields in which an escalating agent states what it proposes the person decide. */
const PROPOSAL_FIELDS = ['proposed_decision', 'proposal', 'recommendation', 'recommended'];

/** How the escalations to people fared: how many, how many were decided, how many reversed. */
export interface EscalationOutcomes {
  readonly escalations: number;
  readonly decided: number;
  readonly overridden: number;
}

/**
 * Escalations (handoffs to a person) and the person's decisions: each decision settles the
 * oldest undecided escalation to that person. A decision overrides the agent when the payload
 * states a proposal and the decision differs from it, or, without a proposal, when it is one of
 * `overrideWords` (reject, deny, …; compared ignoring case and punctuation).
 */
export function escalationOutcomes(
  timeline: Timeline,
  persons: ReadonlySet<string>,
  overrideWords: readonly string[] = DEFAULT_OVERRIDE_DECISIONS,
): EscalationOutcomes {
  const words = new Set(overrideWords.map(looseName));
  const pending = new Map<string, HandoffEvent[]>();
  let escalations = 0;
  let decided = 0;
  let overridden = 0;
  for (const e of timeline.events) {
    if (e.kind === 'handoff' && persons.has(e.to)) {
      escalations++;
      pending.set(e.to, [...(pending.get(e.to) ?? []), e]);
    } else if (e.kind === 'decision') {
      const waiting = pending.get(e.person);
      const escalation = waiting?.shift();
      if (!escalation) continue;
      decided++;
      const proposal = proposalOf(escalation.payload);
      const decision = looseName(e.decision);
      if (proposal === undefined ? words.has(decision) : proposal !== decision) overridden++;
    }
  }
  return { escalations, decided, overridden };
}

function proposalOf(payload: unknown): string | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  for (const field of PROPOSAL_FIELDS) {
    const value = (payload as Record<string, unknown>)[field];
    if (typeof value === 'string' && value !== '') return looseName(value);
  }
  return undefined;
}
