import { jsonText } from '../json-text.ts';
import type { ReportEvent } from '../model/report.ts';
import type { TimelineEvent } from '../model/timeline.ts';

/** Events kept per case: a report of 10,000 cases stays a size a browser opens. */
export const MAX_EVENTS = 400;
/** Characters of JSON kept of one payload or argument list. */
export const MAX_PAYLOAD_TEXT = 2000;

function textOf(v: unknown): string {
  try {
    return jsonText(v) ?? String(v);
  } catch {
    return String(v);
  }
}

/**
 * An event as JSON writes it: a handoff whose payload is parsed on first read gives its plain
 * form here, so that redacting the report finds nothing to copy. One whose `toJSON` throws is
 * left to the redaction, which says nothing of it.
 */
function plain(e: TimelineEvent): TimelineEvent {
  const toJSON = (e as { toJSON?: unknown }).toJSON;
  if (typeof toJSON !== 'function') return e;
  try {
    return toJSON.call(e) as TimelineEvent;
  } catch {
    return e;
  }
}

/** A large payload or argument list becomes a cut JSON text, marked `truncated`. */
function capped(e: TimelineEvent): ReportEvent {
  const field = e.kind === 'handoff' ? 'payload' : e.kind === 'tool_call' ? 'args' : undefined;
  if (field === undefined) return plain(e);
  const value = (e as unknown as Record<string, unknown>)[field];
  if (value === undefined) return plain(e);
  const text = typeof value === 'string' ? value : textOf(value);
  if (text.length <= MAX_PAYLOAD_TEXT) return plain(e);
  return { ...e, [field]: `${text.slice(0, MAX_PAYLOAD_TEXT - 1)}…`, truncated: true };
}

/** The timeline as a report carries it: at most `MAX_EVENTS` events, large values cut. */
export function reportTimeline(events: readonly TimelineEvent[]): {
  timeline: ReportEvent[];
  omitted: number;
} {
  const kept = events.slice(0, MAX_EVENTS).map(capped);
  return { timeline: kept, omitted: Math.max(0, events.length - MAX_EVENTS) };
}
