import { ATTR, EVENT } from '../../conventions/attributes.ts';
import { asksSomething } from '../../model/asking.ts';
import { clip, type PlannedSpan } from './planned-span.ts';

/**
 * A turn's final output, when it is text that asks the customer something, as Baton's question
 * span (docs/conventions.md): said by the agent that ended the turn, after its other spans. This
 * is how a receiver asking again for a fact the customer gave shows up as handoff.reask.
 */
export function replySpan(
  finalOutput: unknown,
  agent: string,
  turn: readonly PlannedSpan[],
  id: string,
): PlannedSpan | undefined {
  if (typeof finalOutput !== 'string' || !asksSomething(finalOutput)) return undefined;
  const at = turn.reduce((latest, s) => Math.max(latest, s.end), 0);
  return {
    id,
    name: `question ${agent} -> customer`,
    start: at,
    end: at,
    attributes: {
      [ATTR.event]: EVENT.question,
      [ATTR.questionBy]: agent,
      [ATTR.questionTo]: 'customer',
      [ATTR.questionText]: clip(finalOutput),
    },
  };
}
