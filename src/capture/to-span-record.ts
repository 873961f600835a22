import type { AttrValue, SpanRecord } from '../normalize/span-record.ts';
import type { BufferedSpan } from './span-buffer-processor.ts';

/** The SDK's span as Baton's source-independent record, with the buffer's precise times. */
export function toSpanRecord({ span, start, end }: BufferedSpan): SpanRecord {
  const context = span.spanContext();
  const parentId = span.parentSpanContext?.spanId;
  return {
    traceId: context.traceId,
    spanId: context.spanId,
    ...(parentId !== undefined && { parentId }),
    name: span.name,
    start,
    end,
    attributes: span.attributes as Readonly<Record<string, AttrValue | undefined>>,
  };
}
