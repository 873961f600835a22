import { type AttrValue, type SpanRecord, statusOf } from '../normalize/span-record.ts';
import { attrValue, nanosToMillis, otlpId } from './otlp-values.ts';

/** The raw span objects of one OTLP/JSON export request (`resourceSpans[].scopeSpans[].spans[]`). */
export function rawSpansOf(request: unknown): unknown[] {
  const out: unknown[] = [];
  for (const resource of arrayAt(request, 'resourceSpans')) {
    // `instrumentationLibrarySpans` is the name older OTLP versions used for `scopeSpans`.
    const scopes = [
      ...arrayAt(resource, 'scopeSpans'),
      ...arrayAt(resource, 'instrumentationLibrarySpans'),
    ];
    for (const scope of scopes) for (const span of arrayAt(scope, 'spans')) out.push(span);
  }
  return out;
}

function arrayAt(value: unknown, key: string): unknown[] {
  if (typeof value !== 'object' || value === null) return [];
  const v = (value as Record<string, unknown>)[key];
  return Array.isArray(v) ? v : [];
}

/** The trace id of a raw span (hex), without converting the rest of it. */
export function rawTraceId(raw: unknown): string | undefined {
  return typeof raw === 'object' && raw !== null
    ? otlpId((raw as { traceId?: unknown }).traceId, 16)
    : undefined;
}

/** Why a raw span cannot become a SpanRecord, or undefined when it can. */
export function spanDefect(raw: unknown): string | undefined {
  if (typeof raw !== 'object' || raw === null) return 'a span must be a JSON object';
  const r = raw as Record<string, unknown>;
  if (rawTraceId(r) === undefined) return 'a span without a traceId';
  if (otlpId(r.spanId, 8) === undefined) return 'a span without a spanId';
  if (nanosToMillis(r.startTimeUnixNano) === undefined)
    return `span ${String(r.spanId)} has no startTimeUnixNano (nanoseconds as a string or number)`;
  return undefined;
}

/** One OTLP/JSON span as a SpanRecord; undefined when `spanDefect` names a defect. */
export function toSpanRecord(raw: unknown): SpanRecord | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as Record<string, unknown>;
  const traceId = otlpId(r.traceId, 16);
  const spanId = otlpId(r.spanId, 8);
  const start = nanosToMillis(r.startTimeUnixNano);
  if (traceId === undefined || spanId === undefined || start === undefined) return undefined;
  return spanRecord(
    traceId,
    spanId,
    otlpId(r.parentSpanId, 8),
    typeof r.name === 'string' ? r.name : '',
    start,
    nanosToMillis(r.endTimeUnixNano) ?? start,
    attributesOf(r.attributes),
    statusOf(r.status),
  );
}

/**
 * A SpanRecord with `parentId` and `status` only when set, each shape written out whole: a
 * property added to an object after it is made goes to a separate properties array.
 */
export function spanRecord(
  traceId: string,
  spanId: string,
  parentId: string | undefined,
  name: string,
  start: number,
  end: number,
  attributes: Readonly<Record<string, AttrValue | undefined>>,
  status: 'ok' | 'error' | undefined,
): SpanRecord {
  if (status === undefined)
    return parentId === undefined
      ? { traceId, spanId, name, start, end, attributes }
      : { traceId, spanId, name, start, end, attributes, parentId };
  return parentId === undefined
    ? { traceId, spanId, name, start, end, attributes, status }
    : { traceId, spanId, name, start, end, attributes, parentId, status };
}

function attributesOf(list: unknown): Record<string, AttrValue | undefined> {
  const out: Record<string, AttrValue | undefined> = {};
  if (!Array.isArray(list)) return out;
  for (const kv of list) {
    const key = (kv as { key?: unknown } | null)?.key;
    if (typeof key !== 'string') continue;
    const converted = attributeValue((kv as { value?: unknown }).value);
    if (converted !== undefined) out[key] = converted;
  }
  return out;
}

/** One OTLP attribute value as a record keeps it (`attrValue`), undefined when it has none. */
export function attributeValue(value: unknown): AttrValue | undefined {
  // Most attributes are strings: skip the general conversion for them.
  const text = (value as { stringValue?: unknown } | null | undefined)?.stringValue;
  return typeof text === 'string' ? text : attrValue(value);
}

/** The string value of one attribute of a raw span, without converting the others. */
export function rawStringAttr(raw: unknown, keys: ReadonlySet<string>): string | undefined {
  const list = (raw as { attributes?: unknown } | null)?.attributes;
  if (!Array.isArray(list)) return undefined;
  for (const kv of list) {
    const entry = kv as { key?: unknown; value?: { stringValue?: unknown } } | null;
    if (typeof entry?.key === 'string' && keys.has(entry.key)) {
      const v = entry.value?.stringValue;
      if (typeof v === 'string') return v;
    }
  }
  return undefined;
}
