import { lastMemo } from '../last-memo.ts';
import { str } from './attrs.ts';
import { type ConversationItem, modelInput } from './model-input.ts';
import type { SpanIndex } from './span-index.ts';
import type { SpanRecord } from './span-record.ts';

/** The agent acting at a span, as the calling recognizer knows agents. */
export type AgentAt = (span: SpanRecord) => string | undefined;

/**
 * The conversation a handoff's receiver started from, as a recorded trace shows it: the input
 * of the receiver's first model call after the handoff, in the same trace, without the
 * receiver's own instructions. A framework that hands the conversation over (the Agents SDK's
 * default handoff, a bare transfer tool) records no history on the handoff span, but the
 * receiver's model is given it. Undefined when the receiver makes no model call there, or its
 * call records no input: the handoff is then judged on its payload alone.
 */
export function receiverHistory(
  handoff: SpanRecord,
  to: string,
  index: SpanIndex,
  agentAt: AgentAt,
): ConversationItem[] | undefined {
  const receiver = agentKey(to);
  const models = modelSpans(index);
  for (let i = firstFrom(models, handoff.start); i < models.length; i++) {
    const model = models[i] as SpanRecord;
    if (model.traceId !== handoff.traceId) continue;
    const agent = agentAt(model);
    if (agent === undefined || agentKey(agent) !== receiver) continue;
    return modelInput(model);
  }
  return undefined;
}

/** The position of the first span that starts at or after `at` (binary search). */
function firstFrom(spans: readonly SpanRecord[], at: number): number {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((spans[mid] as SpanRecord).start < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Names compared as handoff tools spell them: `Billing Agent` is `transfer_to_billing_agent`. */
function agentKey(name: string): string {
  return name.replace(/[^a-zA-Z0-9]+/g, '_').toLowerCase();
}

/** The spans of a case that may be model calls (OpenInference LLM, GenAI messages), by start. */
const modelSpans = lastMemo((index: SpanIndex): SpanRecord[] =>
  index.spans
    .filter(
      (s) =>
        str(s.attributes, 'openinference.span.kind') === 'LLM' ||
        s.attributes['gen_ai.input.messages'] !== undefined,
    )
    .sort((a, b) => a.start - b.start || (a.spanId < b.spanId ? -1 : 1)),
);
