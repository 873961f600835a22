/**
 * A graph's `messages` channel, as its nodes read it. Messages are read by shape (`id`, `type`),
 * so class instances and recorded plain objects read the same.
 */
import { isRecord, messagesOf } from './transfer-calls.ts';

/** LangGraph's id of a `RemoveMessage` that clears every message before it. */
const REMOVE_ALL = '__remove_all__';

/** The messages a node read (its run's input state); undefined when the state has no `messages`. */
export function messagesRead(state: unknown): readonly unknown[] | undefined {
  return isRecord(state) && Array.isArray(state.messages) ? state.messages : undefined;
}

/**
 * The messages the nodes after `update` read: `read` with the update's messages merged in as
 * LangGraph's `messagesStateReducer` merges them — a message with a known id replaces it, a
 * `RemoveMessage` removes its id (the last `__remove_all__` keeps only what follows it), others
 * are appended — without the reducer's side effect of giving id-less messages ids. Swarm agents
 * write their whole history back into each update: their messages replace themselves.
 */
export function withUpdate(read: readonly unknown[], update: unknown): unknown[] {
  const written = messagesOf(update);
  const clearedAt = written.findLastIndex((m) => isRemoval(m) && idOf(m) === REMOVE_ALL);
  if (clearedAt >= 0) return written.slice(clearedAt + 1);
  const merged = [...read];
  const at = new Map<string, number>();
  merged.forEach((m, i) => {
    const id = idOf(m);
    if (id !== undefined) at.set(id, i);
  });
  const removed = new Set<string>();
  for (const message of written) {
    const id = idOf(message);
    const i = id === undefined ? undefined : at.get(id);
    if (id !== undefined && i !== undefined) {
      if (isRemoval(message)) removed.add(id);
      else {
        removed.delete(id);
        merged[i] = message;
      }
    } else if (!isRemoval(message)) {
      // (The reducer throws on removing an id it does not hold; the graph then fails, not Baton.)
      if (id !== undefined) at.set(id, merged.length);
      merged.push(message);
    }
  }
  return removed.size === 0 ? merged : merged.filter((m) => !removed.has(idOf(m) ?? ''));
}

function idOf(message: unknown): string | undefined {
  return isRecord(message) && typeof message.id === 'string' ? message.id : undefined;
}

function isRemoval(message: unknown): boolean {
  return isRecord(message) && message.type === 'remove';
}
