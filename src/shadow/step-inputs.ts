import { ATTR } from '../conventions/attributes.ts';
import type { Step } from '../model/step.ts';
import { SpanIndex } from '../normalize/span-index.ts';
import type { SpanRecord } from '../normalize/span-record.ts';
import type { DerivedSteps } from '../traces/derive-steps.ts';
import { userMessages } from '../traces/user-messages.ts';
import { parseStep } from './parse-step.ts';

/**
 * What the live system received at each derived step, so a candidate can be given the same: the
 * earliest `baton.step.input` of a span at that step, else the last user message of the span
 * that starts it (GenAI, OpenInference message lists) as a customer's words. Undefined for a
 * step with neither: a conversation with such a step cannot be replayed.
 */
export function stepInputs(derived: DerivedSteps): (Step | undefined)[] {
  const index = new SpanIndex(derived.spans);
  const earliest = new Map<number, SpanRecord>();
  for (const span of derived.spans) {
    if (typeof span.attributes[ATTR.stepInput] !== 'string') continue;
    const step = index.step(span);
    const seen = earliest.get(step);
    if (!seen || span.start < seen.start) earliest.set(step, span);
  }
  const byId = new Map(derived.spans.map((s) => [s.spanId, s]));
  return derived.steps.map((step) => {
    const marked = earliest.get(step.index);
    if (marked) return parseStep(marked.attributes[ATTR.stepInput] as string);
    const start = byId.get(step.spanId);
    const said = start && userMessages(start);
    return said && said.last !== '' ? { kind: 'customer', text: said.last } : undefined;
  });
}
