import type { TimelineEvent } from '../model/timeline.ts';
import type { SpanIndex } from './span-index.ts';
import type { SpanRecord } from './span-record.ts';

/** Maps one span shape to a timeline event; undefined when the span is not of its shape. */
export type Recognizer = (span: SpanRecord, index: SpanIndex) => TimelineEvent | undefined;

/** The common fields of every event made from `span`. */
export function eventBase(span: SpanRecord, index: SpanIndex) {
  return { step: index.step(span), at: span.start, spanId: span.spanId };
}
