import {
  isRecord,
  type ModelReply,
  type ModelToolCall,
  parseArguments,
  textParts,
  toolCall,
} from './reply.ts';
import type { SseEvent } from './sse.ts';

const API = 'openai.responses';
const TEXT = new Set(['output_text']);

/**
 * An OpenAI Responses API response (`object: "response"`): its `function_call` output items, and
 * the `output_text` of its `message` items.
 */
export function responseObject(json: unknown): ModelReply | undefined {
  if (!isRecord(json) || json.object !== 'response' || !Array.isArray(json.output))
    return undefined;
  return reply(json.output);
}

/**
 * A streamed Responses API response: the output of `response.completed` when the stream got
 * that far, else the items that reached `response.output_item.done`.
 */
export function responsesStream(events: readonly SseEvent[]): ModelReply | undefined {
  if (!events.some((e) => typeof e.data?.type === 'string' && e.data.type.startsWith('response.')))
    return undefined;
  const completed = events.find((e) => e.data?.type === 'response.completed')?.data?.response;
  if (isRecord(completed) && Array.isArray(completed.output)) return reply(completed.output);
  const done = events.flatMap((e) =>
    e.data?.type === 'response.output_item.done' && isRecord(e.data.item) ? [e.data.item] : [],
  );
  return reply(done);
}

function reply(output: readonly unknown[]): ModelReply {
  const toolCalls: ModelToolCall[] = [];
  const texts: string[] = [];
  for (const item of output) {
    if (!isRecord(item)) continue;
    if (item.type === 'message') texts.push(...textParts(item.content, TEXT));
    if (item.type !== 'function_call') continue;
    const args = item.arguments;
    const input = typeof args === 'string' ? parseArguments(args) : (args ?? {});
    const call = toolCall(item.name, item.call_id ?? item.id, input);
    if (call) toolCalls.push(call);
  }
  return { api: API, toolCalls, text: texts.join('\n') };
}
