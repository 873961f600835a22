import {
  isRecord,
  type ModelReply,
  type ModelToolCall,
  parseArguments,
  textParts,
  toolCall,
} from './reply.ts';
import type { SseEvent } from './sse.ts';

const API = 'openai.chat_completions';
const TEXT = new Set(['text']);

/**
 * An OpenAI Chat Completions response (`object: "chat.completion"`): the first choice's
 * `tool_calls` (and the legacy `function_call`) and its `content`. Further choices (`n > 1`)
 * are alternatives the application picks from, not calls it makes, so only the first is read.
 */
export function chatCompletion(json: unknown): ModelReply | undefined {
  if (!isRecord(json) || json.object !== 'chat.completion' || !Array.isArray(json.choices))
    return undefined;
  const choice = json.choices.find((c) => isRecord(c) && (c.index ?? 0) === 0);
  const message = isRecord(choice) ? choice.message : undefined;
  if (!isRecord(message)) return { api: API, toolCalls: [], text: '' };
  const toolCalls: ModelToolCall[] = [];
  for (const entry of Array.isArray(message.tool_calls) ? message.tool_calls : []) {
    if (!isRecord(entry) || !isRecord(entry.function)) continue;
    const call = functionCall(entry.function, entry.id);
    if (call) toolCalls.push(call);
  }
  if (isRecord(message.function_call)) {
    const call = functionCall(message.function_call, undefined);
    if (call) toolCalls.push(call);
  }
  const text =
    typeof message.content === 'string'
      ? message.content
      : textParts(message.content, TEXT).join('\n');
  return { api: API, toolCalls, text };
}

interface Partial {
  id: unknown;
  name: string;
  args: string;
}

/**
 * A streamed Chat Completions response (`chat.completion.chunk` events): tool calls are built
 * from their deltas by index, the text from the `content` deltas. They count once the first
 * choice finished (`finish_reason`) or the stream sent `[DONE]`; a stream cut off before that
 * made no complete call.
 */
export function chatStream(events: readonly SseEvent[]): ModelReply | undefined {
  if (!events.some((e) => e.data?.object === 'chat.completion.chunk')) return undefined;
  const calls = new Map<number, Partial>();
  let finished = false;
  let content = '';
  for (const { data, text } of events) {
    if (text.trim() === '[DONE]') finished = true;
    if (data?.object !== 'chat.completion.chunk' || !Array.isArray(data.choices)) continue;
    for (const choice of data.choices) {
      if (!isRecord(choice) || (choice.index ?? 0) !== 0) continue;
      if (typeof choice.finish_reason === 'string') finished = true;
      const delta = isRecord(choice.delta) ? choice.delta : {};
      if (typeof delta.content === 'string') content += delta.content;
      for (const part of Array.isArray(delta.tool_calls) ? delta.tool_calls : [])
        if (isRecord(part)) addDelta(calls, part);
    }
  }
  if (!finished) return { api: API, toolCalls: [], text: '' };
  const toolCalls = [...calls.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([, c]) => toolCall(c.name, c.id, parseArguments(c.args)) ?? []);
  return { api: API, toolCalls, text: content };
}

function addDelta(calls: Map<number, Partial>, part: Record<string, unknown>): void {
  const index = typeof part.index === 'number' ? part.index : 0;
  const fn = isRecord(part.function) ? part.function : {};
  const call = calls.get(index) ?? { id: undefined, name: '', args: '' };
  if (typeof part.id === 'string') call.id = part.id;
  if (typeof fn.name === 'string') call.name += fn.name;
  if (typeof fn.arguments === 'string') call.args += fn.arguments;
  calls.set(index, call);
}

function functionCall(fn: Record<string, unknown>, id: unknown): ModelToolCall | undefined {
  const args = fn.arguments;
  return toolCall(fn.name, id, typeof args === 'string' ? parseArguments(args) : (args ?? {}));
}
