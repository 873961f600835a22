import type { SpanRecord } from '../normalize/span-record.ts';

/**
 * Each span once, the first copy of each `traceId/spanId`: an exporter that retries a request
 * writes the same spans again. A trace read as a case, a live conversation and one `traces stats`
 * reads all keep the same copy. Returns `spans` itself when nothing repeats.
 */
export function uniqueSpans(spans: SpanRecord[]): SpanRecord[] {
  const seen = new Set<string>();
  let out: SpanRecord[] | undefined;
  for (const [i, span] of spans.entries()) {
    const key = `${span.traceId}/${span.spanId}`;
    if (!seen.has(key)) {
      seen.add(key);
      out?.push(span);
    } else out ??= spans.slice(0, i);
  }
  return out ?? spans;
}
