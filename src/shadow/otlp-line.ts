import type { AttrValue, SpanRecord } from '../normalize/span-record.ts';

/**
 * Spans as one OTLP/JSON export request on one line, as a Collector's `file` exporter writes
 * them: ids in hex, times as int64 nanosecond strings, attributes as typed values. The traces
 * adapter reads it back unchanged, so a draft case can point at the conversation it came from.
 */
export function otlpLine(spans: readonly SpanRecord[]): string {
  const request = {
    resourceSpans: [
      {
        resource: { attributes: [] },
        scopeSpans: [{ scope: { name: 'baton.shadow' }, spans: spans.map(otlpSpan) }],
      },
    ],
  };
  return `${JSON.stringify(request)}\n`;
}

function otlpSpan(s: SpanRecord) {
  return {
    traceId: s.traceId,
    spanId: s.spanId,
    ...(s.parentId !== undefined && { parentSpanId: s.parentId }),
    name: s.name,
    startTimeUnixNano: nanos(s.start),
    endTimeUnixNano: nanos(s.end),
    attributes: Object.entries(s.attributes).flatMap(([key, v]) =>
      v === undefined ? [] : [{ key, value: anyValue(v) }],
    ),
    ...(s.status !== undefined && { status: { code: s.status === 'error' ? 2 : 1 } }),
  };
}

/** Milliseconds (to the microsecond) as int64 nanoseconds text. */
function nanos(ms: number): string {
  return (BigInt(Math.round(ms * 1000)) * 1000n).toString();
}

function anyValue(v: AttrValue): unknown {
  if (Array.isArray(v)) return { arrayValue: { values: v.map((x) => anyValue(x as AttrValue)) } };
  if (typeof v === 'string') return { stringValue: v };
  if (typeof v === 'boolean') return { boolValue: v };
  return Number.isInteger(v) ? { intValue: String(v) } : { doubleValue: v };
}
