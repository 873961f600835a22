import {
  isRecord,
  type ModelReply,
  type ModelToolCall,
  parseArguments,
  toolCall,
} from './reply.ts';
import type { SseEvent } from './sse.ts';

const API = 'openai.responses';

/** An OpenAI Responses API response (`object: "response"`): its `function_call` output items. */
export function responseObject(json: unknown): ModelReply | undefined {
  if (!isRecord(json) || json.object !== 'response' || !Array.isArray(json.output))
    return undefined;
  return { api: API, toolCalls: functionCalls(json.output) };
}

/**
 * A streamed Responses API response: the output of `response.completed` when the stream got
 * that far, else the `function_call` items that reached `response.output_item.done`.
 */
export function responsesStream(events: readonly SseEvent[]): ModelReply | undefined {
  if (!events.some((e) => typeof e.data?.type === 'string' && e.data.type.startsWith('response.')))
    return undefined;
  const completed = events.find((e) => e.data?.type === 'response.completed')?.data?.response;
  if (isRecord(completed) && Array.isArray(completed.output))
    return { api: API, toolCalls: functionCalls(completed.output) };
  const done = events.flatMap((e) =>
    e.data?.type === 'response.output_item.done' && isRecord(e.data.item) ? [e.data.item] : [],
  );
  return { api: API, toolCalls: functionCalls(done) };
}

function functionCalls(output: readonly unknown[]): ModelToolCall[] {
  const calls: ModelToolCall[] = [];
  for (const item of output) {
    if (!isRecord(item) || item.type !== 'function_call') continue;
    const args = item.arguments;
    const input = typeof args === 'string' ? parseArguments(args) : (args ?? {});
    const call = toolCall(item.name, item.call_id ?? item.id, input);
    if (call) calls.push(call);
  }
  return calls;
}
