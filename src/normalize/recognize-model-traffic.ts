import { ATTR, EVENT, GENAI } from '../conventions/attributes.ts';
import { MODEL_TRAFFIC_ATTR, VIA_MODEL_TRAFFIC } from '../conventions/model-traffic.ts';
import { lastMemo } from '../last-memo.ts';
import type { TimelineEvent } from '../model/timeline.ts';
import { parseJson, str } from './attrs.ts';
import { handoffFrom } from './lazy-handoff.ts';
import {
  markTrafficHandoff,
  markTrafficQuestion,
  markTrafficToolCall,
} from './recognize-model-traffic-echoes.ts';
import { eventBase, type Recognizer } from './recognizer.ts';
import type { SpanIndex } from './span-index.ts';
import type { SpanRecord } from './span-record.ts';

export { withoutTrafficEchoes } from './recognize-model-traffic-echoes.ts';

/**
 * The spans Baton writes for what it read in model API traffic: handoffs, other tool calls, and
 * the final text of a turn that asks something. Who acted is the agent of the nearest agent span
 * above the request when there is one (what the application traced wins); otherwise the sender
 * Baton chose at the time (an `agents` rule or the active agent).
 */
export const recognizeModelTraffic: Recognizer = (span, index): TimelineEvent | undefined => {
  const a = span.attributes;
  const event = str(a, ATTR.event);
  if (event === EVENT.handoff && str(a, MODEL_TRAFFIC_ATTR.via) === VIA_MODEL_TRAFFIC)
    return trafficHandoff(span, index);
  if (event === EVENT.toolCall && str(a, MODEL_TRAFFIC_ATTR.toolVia) === VIA_MODEL_TRAFFIC)
    return trafficToolCall(span, index);
  if (event === EVENT.question && str(a, MODEL_TRAFFIC_ATTR.questionVia) === VIA_MODEL_TRAFFIC)
    return trafficQuestion(span, index);
  return undefined;
};

/** The agent of the nearest agent span above the request (Baton's or GenAI's), if any. */
function tracedAgent(span: SpanRecord, index: SpanIndex): string | undefined {
  const parent = index.parent(span);
  return (
    parent &&
    index.nearest(
      parent,
      (s) => str(s.attributes, ATTR.agent) ?? str(s.attributes, GENAI.agentName),
    )
  );
}

function trafficHandoff(span: SpanRecord, index: SpanIndex): TimelineEvent | undefined {
  const a = span.attributes;
  const to = str(a, ATTR.handoffTo);
  const from = tracedAgent(span, index) ?? str(a, ATTR.handoffFrom);
  if (to === undefined || from === undefined) return undefined;
  const event = handoffFrom(span, index, {
    from,
    to,
    reason: str(a, ATTR.handoffReason),
    raw: a[ATTR.handoffPayload],
  });
  return markTrafficHandoff(event, str(a, MODEL_TRAFFIC_ATTR.tool));
}

/** A tool call the model asked for; it failed when a later request's result said so. */
function trafficToolCall(span: SpanRecord, index: SpanIndex): TimelineEvent | undefined {
  const a = span.attributes;
  const tool = str(a, ATTR.toolName);
  if (tool === undefined || tool === '') return undefined;
  const agent = tracedAgent(span, index) ?? str(a, ATTR.agent);
  const args = str(a, ATTR.toolArgs);
  const id = str(a, MODEL_TRAFFIC_ATTR.toolId);
  return markTrafficToolCall({
    kind: 'tool_call',
    ...eventBase(span, index),
    tool,
    ...(agent !== undefined && { agent }),
    ...(args !== undefined && args !== '' && { args: parseJson(args) }),
    ...(id !== undefined && failedCalls(index).has(id) && { outcome: 'error' as const }),
  });
}

function trafficQuestion(span: SpanRecord, index: SpanIndex): TimelineEvent | undefined {
  const a = span.attributes;
  const by = tracedAgent(span, index) ?? str(a, ATTR.questionBy);
  const text = str(a, ATTR.questionText);
  if (by === undefined || text === undefined || text === '') return undefined;
  return markTrafficQuestion({
    kind: 'question',
    ...eventBase(span, index),
    by,
    to: str(a, ATTR.questionTo) ?? 'customer',
    fields: [],
    text,
  });
}

/** The ids of the tool calls a later request's `tool_result` reported failed, in one case. */
const failedCalls = lastMemo((index: SpanIndex) => {
  const ids = new Set<string>();
  for (const s of index.spans) {
    const a = s.attributes;
    if (a[ATTR.event] !== undefined || str(a, MODEL_TRAFFIC_ATTR.toolVia) !== VIA_MODEL_TRAFFIC)
      continue;
    const id = str(a, MODEL_TRAFFIC_ATTR.toolId);
    if (id !== undefined && str(a, ATTR.toolOutcome) === 'error') ids.add(id);
  }
  return ids;
});
