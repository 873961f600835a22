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

/** The fields of an event that can be large: a handoff's payload and history, a call's args. */
function largeFields(e: TimelineEvent): readonly string[] {
  if (e.kind === 'handoff') return ['payload', 'history'];
  return e.kind === 'tool_call' ? ['args'] : [];
}

/** A large payload, history or argument list becomes a cut JSON text, marked `truncated`. */
function capped(e: TimelineEvent): ReportEvent {
  let out: ReportEvent | undefined;
  for (const field of largeFields(e)) {
    const value = (e as unknown as Record<string, unknown>)[field];
    if (value === undefined) continue;
    const text = typeof value === 'string' ? value : textOf(value);
    if (text.length <= MAX_PAYLOAD_TEXT) continue;
    out = {
      ...(out ?? plain(e)),
      [field]: `${text.slice(0, MAX_PAYLOAD_TEXT - 1)}…`,
      truncated: true,
    };
  }
  return out ?? plain(e);
}

/** The timeline as a report carries it: at most `MAX_EVENTS` events, large values cut. */
export function reportTimeline(events: readonly TimelineEvent[]): {
  timeline: ReportEvent[];
  omitted: number;
} {
  const kept = events.slice(0, MAX_EVENTS).map(capped);
  return { timeline: kept, omitted: Math.max(0, events.length - MAX_EVENTS) };
}
