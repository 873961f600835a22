import type { HrTime } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type { AttrValue, SpanRecord } from '../normalize/span-record.ts';

function toMillis(t: HrTime): number {
  return t[0] * 1e3 + t[1] / 1e6;
}

/** The SDK's span as Baton's source-independent record. */
export function toSpanRecord(span: ReadableSpan): SpanRecord {
  const context = span.spanContext();
  const parentId = span.parentSpanContext?.spanId;
  return {
    traceId: context.traceId,
    spanId: context.spanId,
    ...(parentId !== undefined && { parentId }),
    name: span.name,
    start: toMillis(span.startTime),
    end: toMillis(span.endTime),
    attributes: span.attributes as Readonly<Record<string, AttrValue | undefined>>,
  };
}
