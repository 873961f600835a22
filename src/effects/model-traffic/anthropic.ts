import {
  isRecord,
  type ModelReply,
  type ModelToolCall,
  parseArguments,
  textParts,
  toolCall,
} from './reply.ts';
import type { SseEvent } from './sse.ts';

const API = 'anthropic.messages';
const TEXT = new Set(['text']);

/**
 * An Anthropic Messages response (`type: "message"`, `role: "assistant"`): its `tool_use`
 * content blocks, in order, and its `text` blocks. Server tools (`server_tool_use`) run at
 * Anthropic and are not the application's tools, so they are not read.
 */
export function anthropicMessage(json: unknown): ModelReply | undefined {
  if (!isRecord(json) || json.type !== 'message' || !Array.isArray(json.content)) return undefined;
  const toolCalls: ModelToolCall[] = [];
  for (const block of json.content) {
    if (!isRecord(block) || block.type !== 'tool_use') continue;
    const call = toolCall(block.name, block.id, block.input ?? {});
    if (call) toolCalls.push(call);
  }
  return { api: API, toolCalls, text: textParts(json.content, TEXT).join('\n') };
}

interface OpenBlock {
  readonly name: unknown;
  readonly id: unknown;
  readonly input: unknown;
  /** A text block (its `text_delta` parts), else a tool_use block (its `input_json_delta`). */
  readonly text: boolean;
  json: string;
}

/**
 * A streamed Anthropic Messages response (`message_start` … `message_stop`): each `tool_use`
 * block's input is the concatenation of its `input_json_delta` parts, each text block's text
 * that of its `text_delta` parts. Only blocks that reached `content_block_stop` count: a block
 * cut off mid-stream was never a complete call.
 */
export function anthropicStream(events: readonly SseEvent[]): ModelReply | undefined {
  const first = events.find((e) => e.data !== undefined && e.data.type !== 'ping');
  if (first?.data?.type !== 'message_start') return undefined;
  const open = new Map<number, OpenBlock>();
  const toolCalls: ModelToolCall[] = [];
  const texts: string[] = [];
  for (const { data } of events) {
    if (data === undefined || typeof data.index !== 'number') continue;
    if (data.type === 'content_block_start' && isRecord(data.content_block)) {
      const block = data.content_block;
      if (block.type === 'tool_use' || block.type === 'text')
        open.set(data.index, {
          name: block.name,
          id: block.id,
          input: block.input,
          text: block.type === 'text',
          json: typeof block.text === 'string' ? block.text : '',
        });
    } else if (data.type === 'content_block_delta' && isRecord(data.delta)) {
      const block = open.get(data.index);
      const part = block?.text ? data.delta.text : data.delta.partial_json;
      const type = block?.text ? 'text_delta' : 'input_json_delta';
      if (block && data.delta.type === type && typeof part === 'string') block.json += part;
    } else if (data.type === 'content_block_stop') {
      const block = open.get(data.index);
      open.delete(data.index);
      if (block?.text) texts.push(block.json);
      else if (block) {
        // A block with no deltas carries its whole input at the start (usually `{}`).
        const input = block.json === '' ? (block.input ?? {}) : parseArguments(block.json);
        const call = toolCall(block.name, block.id, input);
        if (call) toolCalls.push(call);
      }
    }
  }
  return { api: API, toolCalls, text: texts.join('\n') };
}
