import type { SpanRecord } from '../normalize/span-record.ts';

/** A trace id and the span every other span of a case hangs under. */
export interface SpanRoot {
  readonly traceId: string;
  readonly spanId: string;
}

/**
 * An isolate's spans as if they were made under Baton's own case span: the isolate's root is
 * dropped, its children hang under `to`, and its trace id becomes Baton's. Spans of other traces
 * (a service's OTLP export) are kept as they are.
 */
export function rebaseSpans(
  spans: readonly SpanRecord[],
  from: SpanRoot,
  to: SpanRoot,
): SpanRecord[] {
  const out: SpanRecord[] = [];
  for (const span of spans) {
    if (span.spanId === from.spanId && span.traceId === from.traceId) continue;
    if (span.traceId !== from.traceId) {
      out.push(span);
      continue;
    }
    const parentId = span.parentId === from.spanId ? to.spanId : span.parentId;
    out.push({
      ...span,
      traceId: to.traceId,
      ...(parentId !== undefined && { parentId }),
    });
  }
  return out;
}
