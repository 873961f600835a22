import type { TimelineEvent } from '../model/timeline.ts';
import { MAX_ANCESTORS, type SpanIndex } from './span-index.ts';

/** Where an event whose start ties with another's goes among them: by `first`, then `depth`. */
export interface TieKey {
  /** The earliest place among its span and every span under it, in the order spans were given. */
  readonly first: number;
  /** How many ancestors its span has: an ancestor goes before what it holds. */
  readonly depth: number;
}

/**
 * Orders events that start at the same moment by the order their spans' work was exported. The
 * OpenTelemetry JavaScript SDK stamps a span's start from the wall clock in whole milliseconds
 * and its end as that start plus the span's duration, so spans received over OTLP or read from a
 * file often share a start, and neither start nor end tells which of them came first. What does
 * is the order spans were written: an SDK exports each span as it ends, and a file or a receiver
 * keeps that order. A span's key is the earliest place among it and its descendants, so a parent
 * (exported after its children) goes with its first child, and before it (fewer ancestors). Used
 * only between events that start together: elsewhere the order spans arrive in changes nothing.
 */
export function tieKeys(index: SpanIndex): (e: TimelineEvent) => TieKey {
  const key = exportKeys(index);
  return (e) => key(e.spanId);
}

/** `tieKeys` by span id: the place of a span's work in the export, for spans that start together. */
export function exportKeys(index: SpanIndex): (spanId: string) => TieKey {
  const keys = new Map<string, { first: number; depth: number }>();
  const spans = index.spans;
  for (let at = 0; at < spans.length; at++) {
    const span = spans[at] as (typeof spans)[number];
    const own = keys.get(span.spanId);
    if (own) own.first = Math.min(own.first, at);
    else keys.set(span.spanId, { first: at, depth: 0 });
    let depth = 0;
    for (
      let p = index.parent(span);
      p !== undefined && depth < MAX_ANCESTORS;
      p = index.parent(p)
    ) {
      depth++;
      const up = keys.get(p.spanId);
      if (up) up.first = Math.min(up.first, at);
      else keys.set(p.spanId, { first: at, depth: 0 });
    }
    (keys.get(span.spanId) as { depth: number }).depth = depth;
  }
  const unknown = { first: spans.length, depth: 0 };
  return (spanId) => keys.get(spanId) ?? unknown;
}
