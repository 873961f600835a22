import { otlpId } from './otlp-values.ts';

/** What an unreadable piece of a trace file still shows of the spans it held. */
export interface LostSpans {
  /** Per trace id (hex): how many spans of it the text names (distinct span ids). */
  readonly traces: readonly (readonly [traceId: string, spans: number])[];
  /** Conversation ids its span attributes name (session.id, gen_ai.conversation.id, …). */
  readonly conversations: readonly string[];
}

// A span object (and a link) writes its trace id beside its span id, in either order.
const ID_PAIR =
  /"traceId"\s*:\s*"([^"\\]+)"\s*,\s*"spanId"\s*:\s*"([^"\\]+)"|"spanId"\s*:\s*"([^"\\]+)"\s*,\s*"traceId"\s*:\s*"([^"\\]+)"/g;
const CONVERSATION =
  /"key"\s*:\s*"(?:gen_ai\.conversation\.id|session\.id|baton\.case\.id|group_id)"\s*,\s*"value"\s*:\s*\{\s*"stringValue"\s*:\s*("(?:[^"\\]|\\.)*")/g;

/**
 * The spans a line Baton could not parse (cut short by a full disk, a crashed collector) still
 * names: each span's ids come first in its object, so a line cut anywhere shows whose spans it
 * held up to the cut. Read with patterns, not a parser: the text is not valid JSON. Undefined
 * when it names none. A link to a span of the same trace counts as one more span.
 */
export function lostSpans(text: string): LostSpans | undefined {
  const spans = new Map<string, Set<string>>();
  for (const m of text.matchAll(ID_PAIR)) {
    const traceId = otlpId(m[1] ?? m[4], 16);
    const spanId = otlpId(m[2] ?? m[3], 8);
    if (traceId === undefined || spanId === undefined) continue;
    const set = spans.get(traceId) ?? new Set<string>();
    set.add(spanId);
    spans.set(traceId, set);
  }
  const conversations = new Set<string>();
  for (const m of text.matchAll(CONVERSATION)) {
    const id = unquote(m[1] as string);
    if (id !== undefined && id !== '') conversations.add(id);
  }
  if (spans.size === 0 && conversations.size === 0) return undefined;
  return {
    traces: [...spans].map(([id, set]) => [id, set.size] as const),
    conversations: [...conversations],
  };
}

function unquote(quoted: string): string | undefined {
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return undefined;
  }
}
