import { SDK_ATTR } from '../conventions/agents-sdk.ts';
import { ATTR, EVENT, GENAI } from '../conventions/attributes.ts';
import { MODEL_TRAFFIC_ATTR } from '../conventions/model-traffic.ts';
import type { SideBySide, TimelineEvent } from '../model/timeline.ts';
import { num, str } from './attrs.ts';
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
  const lanes = parallelLanes(index);
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
 * With model traffic, the spans read from a model response that made several calls (its
 * handoffs, tool calls and the effects carrying them out, `MODEL_TRAFFIC_ATTR.response`) are
 * that response's batch, each its own lane; and so are the application's own tool spans that
 * follow those spans under the same parent, before the next response's, up to as many as the
 * response made calls: the application carrying them out one after another.
 */
function parallelLanes(index: SpanIndex): Map<string, SideBySide> {
  const lanes = new Map<string, SideBySide>();
  let byParent: Map<string, SpanRecord[]> | undefined;
  let responses: Map<string, SpanRecord[]> | undefined;
  for (const span of index.spans) {
    const response = str(span.attributes, MODEL_TRAFFIC_ATTR.response);
    if (response !== undefined) {
      const calls = num(span.attributes, MODEL_TRAFFIC_ATTR.calls);
      // An effect carries the number only when its response made several calls.
      if (calls === undefined || calls > 1) lanes.set(span.spanId, responseLane(response, span));
      if (calls !== undefined)
        for (const at of placesOf(span, index)) responses = grouped(responses, at, span);
      continue;
    }
    if (span.parentId === undefined || !isToolSpan(span)) continue;
    byParent = grouped(byParent, span.parentId, span);
  }
  for (const [parent, siblings] of byParent ?? []) {
    siblings.sort((a, b) => a.start - b.start || a.end - b.end);
    overlapping(parent, siblings, lanes);
    const read = responses?.get(parent);
    if (read) carriedOut(siblings, read, lanes);
  }
  return lanes;
}

/**
 * Where the application carries out a response's calls, as the parent of its tool spans: the
 * parent of the request the spans read from the traffic sit under, and, when that is a model-call
 * span of the application's own (GenAI `chat`, an OpenInference LLM span, the AI SDK's
 * `doGenerate`), that span's parent too.
 */
function placesOf(span: SpanRecord, index: SpanIndex): string[] {
  const parent = index.parent(span);
  if (!parent) return [];
  const above = isModelCall(parent) ? parent.parentId : undefined;
  return above === undefined ? [parent.spanId] : [parent.spanId, above];
}

const MODEL_CALLS = new Set(['chat', 'text_completion', 'generate_content']);

function isModelCall(span: SpanRecord): boolean {
  const a = span.attributes;
  const operation = str(a, GENAI.operation);
  if (operation !== undefined && MODEL_CALLS.has(operation)) return true;
  if (str(a, OPENINFERENCE.kind) === 'LLM') return true;
  const sdk = str(a, AI_SDK.operation);
  return sdk !== undefined && /^ai\.\w+\.do(Generate|Stream)$/.test(sdk);
}

function responseLane(response: string, span: SpanRecord): SideBySide {
  return { batch: `model response ${response}`, lane: span.spanId };
}

function grouped(
  groups: Map<string, SpanRecord[]> | undefined,
  key: string,
  span: SpanRecord,
): Map<string, SpanRecord[]> {
  const out = groups ?? new Map<string, SpanRecord[]>();
  const list = out.get(key);
  if (list) list.push(span);
  else out.set(key, [span]);
  return out;
}

/** Sibling tool spans (sorted by start) that overlap, in batches of the parent's. */
function overlapping(
  parent: string,
  siblings: readonly SpanRecord[],
  lanes: Map<string, SideBySide>,
) {
  if (siblings.length < 2) return;
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

/**
 * The application's tool spans (sorted by start) that carry out the calls of the model response
 * read last before them among `read` (the spans read from the traffic under the same parent):
 * when that response made several calls, up to that many spans join its batch.
 */
function carriedOut(
  siblings: readonly SpanRecord[],
  read: SpanRecord[],
  lanes: Map<string, SideBySide>,
) {
  read.sort((a, b) => a.start - b.start);
  let next = 0;
  let last: SpanRecord | undefined;
  let joined = 0;
  for (const s of siblings) {
    // A start in whole milliseconds (the JavaScript SDK's) lies anywhere in that millisecond.
    const latest = Number.isInteger(s.start) ? s.start + 1 : s.start;
    for (; next < read.length && (read[next] as SpanRecord).start < latest; next++) {
      const span = read[next] as SpanRecord;
      if (last === undefined || responseOf(span) !== responseOf(last)) joined = 0;
      last = span;
    }
    if (last === undefined) continue;
    const calls = num(last.attributes, MODEL_TRAFFIC_ATTR.calls) ?? 0;
    if (calls < 2 || joined >= calls) continue;
    joined++;
    lanes.set(s.spanId, responseLane(responseOf(last) as string, s));
  }
}

function responseOf(span: SpanRecord): string | undefined {
  return str(span.attributes, MODEL_TRAFFIC_ATTR.response);
}
