import type { Context, Tracer } from '@opentelemetry/api';
import { ATTR, EVENT } from '../../conventions/attributes.ts';
import { MODEL_TRAFFIC_ATTR, VIA_MODEL_TRAFFIC } from '../../conventions/model-traffic.ts';
import type { SenderBy } from './active-agent.ts';
import type { ModelApi, ModelToolCall } from './reply.ts';

/** Where a model response's spans go: the request's context, its API, who asked and when. */
export interface ReplyPlace {
  readonly tracer: Tracer;
  readonly parent: Context;
  readonly api: ModelApi;
  readonly sender: { readonly agent: string; readonly by: SenderBy };
  /** When the response arrived (a `performance.now()` time). */
  readonly at: number;
  readonly response: ResponseMark;
}

/** A model response's number in its case and how many calls it made. */
export interface ResponseMark {
  readonly number: string;
  readonly calls: number;
}

/** The attributes that tie a span to the model response it was read from. */
export function responseAttributes(mark: ResponseMark): Record<string, string | number> {
  return { [MODEL_TRAFFIC_ATTR.response]: mark.number, [MODEL_TRAFFIC_ATTR.calls]: mark.calls };
}

/**
 * Emits Baton's tool-call span for a tool call (not a handoff) read from a model response: the
 * tool, its arguments as JSON text and its call id, by the response's sender. Its outcome is
 * unknown: what the model asked for, not what the tool did.
 */
export function emitTrafficToolCall(place: ReplyPlace, call: ModelToolCall): void {
  const args = typeof call.input === 'string' ? call.input : JSON.stringify(call.input);
  emit(place, `tool ${call.name}`, {
    [ATTR.event]: EVENT.toolCall,
    [ATTR.toolName]: call.name,
    ...(args !== undefined && { [ATTR.toolArgs]: args }),
    [ATTR.agent]: place.sender.agent,
    [MODEL_TRAFFIC_ATTR.toolVia]: VIA_MODEL_TRAFFIC,
    ...(call.id !== undefined && { [MODEL_TRAFFIC_ATTR.toolId]: call.id }),
    [MODEL_TRAFFIC_ATTR.api]: place.api,
    [MODEL_TRAFFIC_ATTR.agentBy]: place.sender.by,
    ...responseAttributes(place.response),
  });
}

/**
 * Emits Baton's question span for the final text of a model turn (a response with no tool call)
 * that asks something: what the sender says to whoever it answers, the customer by default.
 */
export function emitTrafficQuestion(place: ReplyPlace, text: string): void {
  emit(place, `question by ${place.sender.agent}`, {
    [ATTR.event]: EVENT.question,
    [ATTR.questionBy]: place.sender.agent,
    [ATTR.questionTo]: 'customer',
    [ATTR.questionText]: text,
    [MODEL_TRAFFIC_ATTR.questionVia]: VIA_MODEL_TRAFFIC,
    [MODEL_TRAFFIC_ATTR.api]: place.api,
    [MODEL_TRAFFIC_ATTR.agentBy]: place.sender.by,
    ...responseAttributes(place.response),
  });
}

/**
 * Emits the mark that a tool call read from the traffic failed: a later request's `tool_result`
 * for its id said `is_error`. No `baton.event`: it is not an event of its own, only the outcome
 * of the tool-call span with the same id.
 */
export function emitToolCallFailed(tracer: Tracer, parent: Context, id: string, at: number): void {
  tracer
    .startSpan(
      'tool_result error',
      {
        startTime: at,
        attributes: {
          [MODEL_TRAFFIC_ATTR.toolVia]: VIA_MODEL_TRAFFIC,
          [MODEL_TRAFFIC_ATTR.toolId]: id,
          [ATTR.toolOutcome]: 'error',
        },
      },
      parent,
    )
    .end(at);
}

function emit(
  place: ReplyPlace,
  name: string,
  attributes: Record<string, string | number | boolean>,
): void {
  place.tracer.startSpan(name, { startTime: place.at, attributes }, place.parent).end(place.at);
}
