/**
 * The conversation a handoff's receiver starts from, as Baton records it
 * (`baton.handoff.history`): JSON text in the form the OpenAI Agents SDK adapter records, so the
 * checks read both alike — messages as `{ role, content }` with their text, a tool call as
 * `{ type: 'function_call', name, arguments }` (its arguments as JSON text), a tool's answer as
 * `{ type: 'function_call_result', name, output }`.
 */
import { historyContentText } from '../history-content.ts';
import { isRecord } from './transfer-calls.ts';

type HistoryItem = Record<string, unknown>;

/** LangChain's message types as chat roles. */
const ROLES: Readonly<Record<string, string>> = {
  human: 'user',
  user: 'user',
  ai: 'assistant',
  assistant: 'assistant',
  system: 'system',
  developer: 'developer',
};

/** LangChain messages (instances, plain objects or `[role, text]` pairs) as history text. */
export function historyText(messages: readonly unknown[]): string {
  const callNames = new Map<string, string>();
  return JSON.stringify(messages.flatMap((m) => compact(asMessage(m), callNames)));
}

function compact(m: Record<string, unknown>, callNames: Map<string, string>): HistoryItem[] {
  const type = typeof m.type === 'string' ? m.type : undefined;
  const content = historyContentText(m.content);
  if (type === 'remove') return [];
  if (type === 'tool' || type === 'function') {
    const callId = typeof m.tool_call_id === 'string' ? m.tool_call_id : undefined;
    const name = typeof m.name === 'string' ? m.name : callNames.get(callId ?? '');
    return [{ type: 'function_call_result', name, output: content }];
  }
  const role = typeof m.role === 'string' ? m.role : ROLES[type ?? ''];
  if (role === undefined) return [{ type: type ?? 'message' }];
  const calls = toolCallsOf(m);
  for (const c of calls) if (c.id !== undefined) callNames.set(c.id, c.name);
  // As the Responses API lists them: the words (when there are any), then each call.
  const said = calls.length === 0 || content !== '' ? [{ role, content }] : [];
  return [
    ...said,
    ...calls.map((c) => ({ type: 'function_call', name: c.name, arguments: c.arguments })),
  ];
}

function asMessage(m: unknown): Record<string, unknown> {
  if (Array.isArray(m)) return { role: ROLES[String(m[0])] ?? String(m[0]), content: m[1] };
  return isRecord(m) ? m : {};
}

function toolCallsOf(m: Record<string, unknown>) {
  const raw = Array.isArray(m.tool_calls) ? m.tool_calls : [];
  return raw.flatMap((c: unknown) => {
    if (!isRecord(c) || typeof c.name !== 'string') return [];
    const id = typeof c.id === 'string' ? c.id : undefined;
    return [{ name: c.name, id, arguments: JSON.stringify(c.args ?? {}) }];
  });
}
