import type { SpanRecord } from '../normalize/span-record.ts';
import { userTexts } from './user-messages.ts';

/**
 * Which traces of a conversation are its turns (`customer_turns` over several traces). Each
 * request an app serves is one trace, but so is work done beside the conversation under the
 * same conversation id — a background job that summarises it, a nightly classifier — and such
 * a trace is no turn: counted as one, it shifts every later step. The conversation shows which
 * is which when its traces re-send it: every model call of a turn is given the customer's
 * earlier messages again, so a user message (by its text) appears in the model input of two of
 * its traces or more. When it does, a trace is a turn only when its model input holds such a
 * re-sent message; a summariser, whose one user message is the transcript it was asked to
 * summarise, holds none. A trace with no model input at all, and every trace of a conversation
 * whose traces re-send nothing (an app that keeps the history on the server and sends each
 * message alone), stay turns: nothing in them tells them apart.
 */
export function turnTraces(spans: readonly SpanRecord[]): (traceId: string) => boolean {
  const said = new Map<string, Set<string>>();
  for (const span of spans) {
    const texts = userTexts(span);
    if (texts === undefined) continue;
    let set = said.get(span.traceId);
    if (!set) {
      set = new Set();
      said.set(span.traceId, set);
    }
    for (const t of texts) if (t !== '') set.add(t);
  }
  const traces = new Map<string, number>();
  for (const set of said.values()) for (const t of set) traces.set(t, (traces.get(t) ?? 0) + 1);
  const resent = new Set([...traces].filter(([, n]) => n > 1).map(([t]) => t));
  if (resent.size === 0) return () => true;
  return (traceId) => {
    const set = said.get(traceId);
    return set === undefined || [...set].some((t) => resent.has(t));
  };
}
