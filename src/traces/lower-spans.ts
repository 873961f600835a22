import { ATTR, EVENT } from '../conventions/attributes.ts';
import type { TimelineEvent } from '../model/timeline.ts';
import type { Recognizer } from '../normalize/recognizer.ts';
import { SpanIndex } from '../normalize/span-index.ts';
import type { AttrValue, SpanRecord } from '../normalize/span-record.ts';

/**
 * Rewrites the handoffs and agent turns that `recognizers` find in foreign spans (OpenInference,
 * Agents SDK, GenAI, user rules) as Baton's own attributes, with agent names mapped to participant
 * names. Baton's recognizer runs first at normalisation, so the rest of Baton reads one shape, the
 * suite's user rules apply without the runner knowing them, and names map in one place. Other
 * spans are returned as they are.
 */
export function lowerSpans(
  spans: readonly SpanRecord[],
  recognizers: readonly Recognizer[],
  nameOf: (traceName: string) => string,
): SpanRecord[] {
  const index = new SpanIndex(spans);
  return spans.map((span) => {
    const event = firstEvent(span, index, recognizers);
    const attrs = event && batonAttributes(event, nameOf);
    return attrs ? { ...span, attributes: { ...span.attributes, ...attrs } } : span;
  });
}

function firstEvent(
  span: SpanRecord,
  index: SpanIndex,
  recognizers: readonly Recognizer[],
): TimelineEvent | undefined {
  for (const recognize of recognizers) {
    const event = recognize(span, index);
    if (event) return event;
  }
  return undefined;
}

function batonAttributes(
  event: TimelineEvent,
  nameOf: (name: string) => string,
): Record<string, AttrValue> | undefined {
  if (event.kind === 'agent_turn')
    return { [ATTR.event]: EVENT.agent, [ATTR.agent]: nameOf(event.agent) };
  // A tool call stays in its own shape; only its agent takes the participant name.
  if (event.kind === 'tool_call')
    return event.agent === undefined ? undefined : { [ATTR.agent]: nameOf(event.agent) };
  if (event.kind !== 'handoff') return undefined;
  const out: Record<string, AttrValue> = {
    [ATTR.event]: EVENT.handoff,
    [ATTR.handoffFrom]: nameOf(event.from),
    [ATTR.handoffTo]: nameOf(event.to),
  };
  if (event.reason !== undefined) out[ATTR.handoffReason] = event.reason;
  const payload = event.payload;
  if (payload !== undefined)
    out[ATTR.handoffPayload] = typeof payload === 'string' ? payload : JSON.stringify(payload);
  if (event.payloadSize !== undefined) out[ATTR.handoffPayloadSize] = event.payloadSize;
  return out;
}
