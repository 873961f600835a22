import { historyContentText } from '../history-content.ts';

/**
 * What an agent was handed when it started: the SDK's runner emits `agent_start` with the input
 * items the agent runs on. For the receiver of a handoff these are the conversation after the
 * handoff's `inputFilter` (the whole history for a default handoff, none of it when a filter
 * strips it): Baton records them as the handoff's `baton.handoff.history`.
 */
export interface AgentStart {
  /** The SDK agent name. */
  readonly agent: string;
  readonly input: readonly unknown[];
}

/** A message, tool call or tool output of the history, in a compact form (JSON). */
type HistoryItem = Record<string, unknown>;

/** The history as Baton records it: messages with their text, tool calls with their arguments. */
export function historyText(input: readonly unknown[]): string {
  return JSON.stringify(input.map(compact));
}

function compact(item: unknown): HistoryItem {
  const i = (item ?? {}) as Record<string, unknown>;
  const type = typeof i.type === 'string' ? i.type : 'message';
  if (typeof i.role === 'string') return { role: i.role, content: historyContentText(i.content) };
  if (type === 'function_call') return { type, name: i.name, arguments: i.arguments };
  if (type === 'function_call_result')
    return { type, name: i.name, output: historyContentText(i.output) };
  return { type };
}

/**
 * Pairs carried-out handoffs (in order) with the receiver's start that followed each: the first
 * start of a turn is its own agent's, every later one a handoff's receiver. A handoff whose
 * receiver never started (the run stopped first) gets none.
 */
export function receivedInputs(
  handoffs: readonly { readonly id: string; readonly to: string }[],
  starts: readonly AgentStart[],
): Map<string, string> {
  const unused = starts.slice(1);
  const out = new Map<string, string>();
  for (const h of handoffs) {
    const i = unused.findIndex((s) => s.agent === h.to);
    if (i < 0) continue;
    const [start] = unused.splice(i, 1);
    if (start) out.set(h.id, historyText(start.input));
  }
  return out;
}
