import { type HrTime, SpanStatusCode } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type { AttrValue, SpanRecord } from '../normalize/span-record.ts';
import { TIME_ORIGIN } from './clock.ts';

function toMillis(t: HrTime): number {
  return t[0] * 1e3 + t[1] / 1e6;
}

/**
 * The SDK stamps `startTime` from Date.now() (whole milliseconds), so two handoffs in one
 * millisecond would lose their order. The SDK span also keeps the high-resolution monotonic
 * reading it took at start; Baton uses it when present (pinned SDK 2.12) and falls back to
 * `startTime` otherwise (spans with an explicit start time, other SDK versions).
 */
function preciseStart(span: ReadableSpan): number | undefined {
  const monotonic = (span as unknown as { _performanceStartTime?: unknown })._performanceStartTime;
  const explicit = (span as unknown as { _startTimeProvided?: unknown })._startTimeProvided;
  return typeof monotonic === 'number' && explicit !== true ? TIME_ORIGIN + monotonic : undefined;
}

/** The SDK's span as Baton's source-independent record (times in ms since the epoch). */
export function toSpanRecord(span: ReadableSpan): SpanRecord {
  const context = span.spanContext();
  const parentId = span.parentSpanContext?.spanId;
  const start = preciseStart(span) ?? toMillis(span.startTime);
  const record: { -readonly [K in keyof SpanRecord]: SpanRecord[K] } = {
    traceId: context.traceId,
    spanId: context.spanId,
    name: span.name,
    start,
    end: start + toMillis(span.duration),
    attributes: span.attributes as Readonly<Record<string, AttrValue | undefined>>,
  };
  if (parentId !== undefined) record.parentId = parentId;
  if (span.status.code === SpanStatusCode.ERROR) record.status = 'error';
  else if (span.status.code === SpanStatusCode.OK) record.status = 'ok';
  return record;
}
