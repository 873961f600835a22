import type { AttrValue, SpanRecord } from '../normalize/span-record.ts';
import { setOwn } from '../own-field.ts';

/**
 * The span with `attrs` over its attributes: its own fields copied one by one rather than
 * spread, since spreading the spans of many shapes (and their attributes) is what lowering
 * spent most on. The same fields, in the same order, as the spreads made.
 */
export function withAttributes(span: SpanRecord, attrs: Record<string, AttrValue>): SpanRecord {
  const attributes: Record<string, AttrValue | undefined> = {};
  const own = span.attributes;
  for (const k in own) if (Object.hasOwn(own, k)) setOwn(attributes, k, own[k]);
  for (const k in attrs) setOwn(attributes, k, attrs[k]);
  const out: Record<string, unknown> = {};
  for (const k in span) {
    if (Object.hasOwn(span, k))
      setOwn(
        out,
        k,
        k === 'attributes' ? attributes : (span as unknown as Record<string, unknown>)[k],
      );
  }
  return out as unknown as SpanRecord;
}
