import { isRecord, type ToolCallShape } from './transfer-calls.ts';

/** Whether this turn ran a tool for a model's call id (the run observer knows); see below. */
export type RanAsTool = (callId: string) => boolean;

/**
 * `response_metadata` key that Python's `langgraph-supervisor` sets on its hand-back messages;
 * read too, so a later JS release that adopts it needs no change here.
 */
const HANDOFF_BACK_FLAG = '__is_handoff_back';

/**
 * Whether a `transfer_back_to_<x>` call in a node's update is the return `createSupervisor`
 * writes itself when a worker is done, not a call a model chose. The library (1.1.x) appends an
 * AI message whose only call is `transfer_back_to_<supervisor>` with no arguments, and the tool
 * message answering it, to the worker's update; no tool ever runs for that call. A model's
 * transfer call runs as a tool (its `Command` writes the same pair of messages), so the run is
 * what tells them apart: without the observer's word (`ran` absent) the call is not taken for an
 * automatic return. A hand-back message flagged `__is_handoff_back` is one as it stands.
 */
export function isAutoReturn(
  message: unknown,
  call: ToolCallShape,
  answered: ReadonlySet<string>,
  ran: RanAsTool | undefined,
): boolean {
  if (!isRecord(message)) return false;
  const metadata = message.response_metadata;
  if (isRecord(metadata) && metadata[HANDOFF_BACK_FLAG] === true) return true;
  if (ran === undefined || call.id === undefined) return false;
  const calls = Array.isArray(message.tool_calls) ? message.tool_calls.length : 0;
  if (calls !== 1 || Object.keys(call.args).length > 0) return false;
  return answered.has(call.id) && !ran(call.id);
}

/** The call ids the tool messages of an update answer. */
export function answeredCalls(messages: readonly unknown[]): Set<string> {
  const out = new Set<string>();
  for (const m of messages) {
    if (isRecord(m) && m.type === 'tool' && typeof m.tool_call_id === 'string') {
      out.add(m.tool_call_id);
    }
  }
  return out;
}
