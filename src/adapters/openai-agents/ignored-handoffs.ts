import { SDK_ATTR } from '../../conventions/agents-sdk.ts';
import { ATTR } from '../../conventions/attributes.ts';
import type { CaseNote } from '../../model/report.ts';
import type { PlannedSpan } from './planned-span.ts';

/**
 * A note for each handoff of a turn that the SDK carried out while ignoring others the same model
 * response asked for (`SDK_ATTR.requestedAgents`): the case is judged on the handoff that
 * happened, and the note says which requests the SDK dropped.
 */
export function ignoredHandoffNotes(spans: readonly PlannedSpan[], step: number): CaseNote[] {
  const notes: CaseNote[] = [];
  for (const span of spans) {
    const asked = span.attributes[SDK_ATTR.requestedAgents];
    if (typeof asked !== 'string') continue;
    const from = span.attributes[ATTR.handoffFrom];
    const to = span.attributes[ATTR.handoffTo];
    const agents = requested(asked);
    notes.push({
      code: 'handoffs.ignored',
      message: `${from} asked for ${agents.length} handoffs in one model response at step ${step} (${agents.join(', ')}); the Agents SDK carried out the first, to ${to}, and ignored the rest`,
      fix: "if the model must choose one receiver, say so in the sender's instructions (or allow it one tool call a response); the case is judged on the handoff that happened",
    });
  }
  return notes;
}

function requested(json: string): string[] {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.filter((a): a is string => typeof a === 'string') : [];
  } catch {
    return [];
  }
}
