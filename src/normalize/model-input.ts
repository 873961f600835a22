import { parseJson, str } from './attrs.ts';
import { messageText } from './message-text.ts';
import type { SpanRecord } from './span-record.ts';

/**
 * One item of a conversation, in the compact form the Agents SDK adapter records as
 * `baton.handoff.history`: a message `{ role, content }`, a tool call `{ type: 'function_call',
 * name, arguments }`.
 */
export type ConversationItem =
  | { readonly role: string; readonly content: string }
  | { readonly type: 'function_call'; readonly name: string; readonly arguments: string };

const OI_PREFIX = 'llm.input_messages.';
const OI_KEY = /^llm\.input_messages\.(\d+)\.message\.(.+)$/;
const OI_CALL = /^tool_calls\.(\d+)\.tool_call\.function\.(name|arguments)$/;
const OI_PART = /^contents\.(\d+)\.message_content\.text$/;
/** Roles of what the model is told, not what the conversation said: the agent's own instructions. */
const INSTRUCTIONS = new Set(['system', 'developer']);

/**
 * The conversation a model call was given, in the shapes Baton reads: OpenInference
 * `llm.input_messages.<i>.message.*`, GenAI `gen_ai.input.messages`, else an `input.value`
 * holding a JSON list of messages or Responses API items. System and developer messages (the
 * calling agent's instructions) are left out. Undefined for a span that records no model input.
 */
export function modelInput(span: SpanRecord): ConversationItem[] | undefined {
  const a = span.attributes;
  const openInference = fromOpenInference(a);
  if (openInference) return openInference;
  const genai = str(a, 'gen_ai.input.messages');
  if (genai !== undefined) return fromList(parseJson(genai));
  const input = str(a, 'input.value');
  if (input?.trimStart().startsWith('[')) return fromList(parseJson(input));
  return undefined;
}

type Message = {
  role?: string;
  content?: string;
  parts: Map<number, string>;
  calls: Map<number, { name?: string; arguments?: string }>;
};

function fromOpenInference(a: SpanRecord['attributes']): ConversationItem[] | undefined {
  const messages = new Map<number, Message>();
  for (const key in a) {
    if (!key.startsWith(OI_PREFIX)) continue;
    const m = OI_KEY.exec(key);
    const value = a[key];
    if (!m || typeof value !== 'string') continue;
    const i = Number(m[1]);
    let message = messages.get(i);
    if (!message) {
      message = { parts: new Map(), calls: new Map() };
      messages.set(i, message);
    }
    readField(message, m[2] as string, value);
  }
  if (messages.size === 0) return undefined;
  const out: ConversationItem[] = [];
  for (const [, m] of [...messages].sort(([x], [y]) => x - y)) {
    if (m.role === undefined || INSTRUCTIONS.has(m.role)) continue;
    const parts = [...m.parts].sort(([x], [y]) => x - y).map(([, t]) => t);
    const content = m.content ?? parts.join(' ');
    if (content !== '' || m.calls.size === 0) out.push({ role: m.role, content });
    for (const [, c] of [...m.calls].sort(([x], [y]) => x - y)) {
      out.push({ type: 'function_call', name: c.name ?? '', arguments: c.arguments ?? '{}' });
    }
  }
  return out;
}

function readField(message: Message, field: string, value: string): void {
  if (field === 'role') message.role = value;
  else if (field === 'content') message.content = value;
  const part = OI_PART.exec(field);
  if (part) message.parts.set(Number(part[1]), value);
  const call = OI_CALL.exec(field);
  if (call) {
    const k = Number(call[1]);
    const entry = message.calls.get(k) ?? {};
    entry[call[2] as 'name' | 'arguments'] = value;
    message.calls.set(k, entry);
  }
}

/** A JSON message list (GenAI messages with parts, chat messages, Responses API items). */
function fromList(list: unknown): ConversationItem[] | undefined {
  if (!Array.isArray(list)) return undefined;
  const out: ConversationItem[] = [];
  for (const item of list) {
    if (typeof item !== 'object' || item === null) continue;
    const m = item as Record<string, unknown>;
    if (typeof m.role === 'string') {
      if (INSTRUCTIONS.has(m.role)) continue;
      const content = messageText(m);
      const calls = toolCalls(m);
      if (content !== '' || calls.length === 0) out.push({ role: m.role, content });
      out.push(...calls);
    } else if (m.type === 'function_call') {
      out.push(call(m.name, m.arguments));
    } else if (m.type === 'function_call_output' || m.type === 'function_call_result') {
      out.push({ role: 'tool', content: textOf(m.output) });
    }
  }
  return out;
}

/** Tool calls a message makes: GenAI `tool_call` parts, chat `tool_calls`. */
function toolCalls(m: Record<string, unknown>): ConversationItem[] {
  const out: ConversationItem[] = [];
  for (const p of Array.isArray(m.parts) ? m.parts : []) {
    const part = p as Record<string, unknown> | null;
    if (part?.type === 'tool_call') out.push(call(part.name, part.arguments));
    if (part?.type === 'tool_call_response')
      out.push({ role: 'tool', content: textOf(part.response) });
  }
  for (const c of Array.isArray(m.tool_calls) ? m.tool_calls : []) {
    const fn = (c as { function?: Record<string, unknown> } | null)?.function;
    if (fn) out.push(call(fn.name, fn.arguments));
  }
  return out;
}

function call(name: unknown, args: unknown): ConversationItem {
  return {
    type: 'function_call',
    name: typeof name === 'string' ? name : '',
    arguments: args === undefined ? '{}' : textOf(args),
  };
}

function textOf(v: unknown): string {
  return typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v);
}
