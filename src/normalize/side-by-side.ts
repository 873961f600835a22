import { SDK_ATTR } from '../conventions/agents-sdk.ts';
import { ATTR, EVENT, GENAI } from '../conventions/attributes.ts';
import { MODEL_TRAFFIC_ATTR } from '../conventions/model-traffic.ts';
import type { SideBySide, TimelineEvent } from '../model/timeline.ts';
import { str } from './attrs.ts';
import { markedSideBySide } from './lazy-handoff.ts';
import { AI_SDK } from './recognize-ai-sdk.ts';
import { OPENINFERENCE } from './recognize-openinference.ts';
import type { SpanIndex } from './span-index.ts';
import type { SpanRecord } from './span-record.ts';

/**
 * A span that runs one tool call, in any shape Baton reads: Baton's `withToolCall`, the AI SDK's
 * `ai.toolCall`, GenAI `execute_tool`, an OpenInference TOOL span, an Agents SDK function span.
 * A transfer tool's span counts too: handing off is one of the calls a model response makes.
 */
export function isToolSpan(span: SpanRecord): boolean {
  const a = span.attributes;
  // One of Baton's own spans says what it is: no other shape need be asked.
  const event = str(a, ATTR.event);
  if (event !== undefined) return event === EVENT.toolCall;
  return (
    str(a, AI_SDK.operation) === 'ai.toolCall' ||
    str(a, GENAI.operation) === 'execute_tool' ||
    span.name.startsWith('execute_tool ') ||
    str(a, OPENINFERENCE.kind) === 'TOOL' ||
    str(a, SDK_ATTR.spanType) === 'function' ||
    str(a, 'type') === 'function' ||
    str(a, 'span_data.type') === 'function'
  );
}

/**
 * Marks the events made inside tool calls that ran side by side: sibling tool spans (one parent)
 * whose times overlap, as when a framework runs the tool calls of one model response together
 * (the AI SDK, the Agents SDK's parallel tool calls); and, read from model traffic, the calls of
 * one model response that made several, with the effects made while carrying them out. Those
 * calls were decided at once and finished in whatever order they happened to, so an event inside
 * one has no order against an event inside another: each gets `sideBySide` (the batch of calls,
 * and its own call). Events outside such calls, and calls made one after another, are left as
 * they are.
 * Returns the events, each marked one replaced by its marked copy (or marked in place).
 */
export function markSideBySide(events: TimelineEvent[], index: SpanIndex): TimelineEvent[] {
  const lanes = parallelLanes(index.spans);
  if (lanes.size === 0) return events;
  for (let i = 0; i < events.length; i++) {
    const e = events[i] as TimelineEvent;
    const span = index.get(e.spanId);
    if (!span) continue;
    const mark = index.nearest(span, (s) => lanes.get(s.spanId));
    if (mark) events[i] = markedSideBySide(e, mark);
  }
  return events;
}

/**
 * Tool spans that overlap a sibling tool span, each with its batch: the parent's id and the
 * overlapping run it belongs to (overlap joins calls into one batch, a gap starts a new one).
 * Spans marked with a model response's number (`MODEL_TRAFFIC_ATTR.response`: its handoffs,
 * tool calls and the effects carrying them out) are that response's batch, each its own lane.
 */
function parallelLanes(spans: readonly SpanRecord[]): Map<string, SideBySide> {
  const lanes = new Map<string, SideBySide>();
  let byParent: Map<string, SpanRecord[]> | undefined;
  for (const span of spans) {
    const response = str(span.attributes, MODEL_TRAFFIC_ATTR.response);
    if (response !== undefined) {
      lanes.set(span.spanId, { batch: `model response ${response}`, lane: span.spanId });
      continue;
    }
    if (span.parentId === undefined || !isToolSpan(span)) continue;
    byParent ??= new Map();
    const siblings = byParent.get(span.parentId);
    if (siblings) siblings.push(span);
    else byParent.set(span.parentId, [span]);
  }
  for (const [parent, siblings] of byParent ?? []) {
    if (siblings.length < 2) continue;
    siblings.sort((a, b) => a.start - b.start || a.end - b.end);
    let batch: SpanRecord[] = [];
    let until = Number.NEGATIVE_INFINITY;
    let n = 0;
    const close = () => {
      if (batch.length > 1) {
        const id = `${parent}#${n++}`;
        for (const s of batch) lanes.set(s.spanId, { batch: id, lane: s.spanId });
      }
    };
    for (const s of siblings) {
      // Strictly before the end: a call that starts as the last one ends came after it.
      if (s.start < until) {
        batch.push(s);
        until = Math.max(until, s.end);
        continue;
      }
      close();
      batch = [s];
      until = s.end;
    }
    close();
  }
  return lanes;
}
