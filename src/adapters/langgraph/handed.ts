/** What a handoff found in a graph's updates hands its receiver: a payload, and the conversation. */
import type { Transfer } from './observations.ts';
import { isRecord } from './transfer-calls.ts';

/** The state an update writes besides the messages and the active agent: a routed handoff's payload. */
export function handedState(update: unknown, activeKey: string): Readonly<Record<string, unknown>> {
  if (!isRecord(update)) return {};
  const { messages: _messages, [activeKey]: _active, ...rest } = update;
  return rest;
}

/** A handoff with the conversation its receiver reads, when that is known. */
export function withHistory(t: Transfer, history: readonly unknown[] | undefined): Transfer {
  return history === undefined ? t : { ...t, history };
}

/** A transfer tool's arguments as an object (structured tools receive JSON text). */
export function argsOf(input: string): Readonly<Record<string, unknown>> {
  try {
    const parsed: unknown = JSON.parse(input);
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}
