import type { OtlpAnyValue, OtlpKeyValue } from './any-value.ts';
import type { OtlpSpan, OtlpTraceRequest } from './otlp-json.ts';
import { ProtoReader, WIRE } from './proto-reader.ts';

/**
 * Decodes a protobuf `ExportTraceServiceRequest` (opentelemetry/proto trace/v1) into the OTLP
 * JSON shape, so one converter handles both protocols. Only what Baton reads is kept: ids,
 * names, times, attributes (resource and span) and the status code; events and links are skipped.
 * Throws ProtoDecodeError for malformed bytes.
 */
export function decodeTraceRequest(bytes: Uint8Array): OtlpTraceRequest {
  const resourceSpans: NonNullable<OtlpTraceRequest['resourceSpans']>[number][] = [];
  const r = new ProtoReader(bytes);
  for (let f = r.next(); f; f = r.next()) {
    if (f.field === 1 && f.wire === WIRE.len) resourceSpans.push(resourceSpansOf(r.message()));
    else r.skip(f.wire);
  }
  return { resourceSpans };
}

function resourceSpansOf(r: ProtoReader) {
  const attributes: OtlpKeyValue[] = [];
  const scopeSpans: { spans: OtlpSpan[] }[] = [];
  for (let f = r.next(); f; f = r.next()) {
    if (f.field === 1 && f.wire === WIRE.len) attributes.push(...resourceAttributes(r.message()));
    else if (f.field === 2 && f.wire === WIRE.len) scopeSpans.push(scopeSpansOf(r.message()));
    else r.skip(f.wire);
  }
  return { resource: { attributes }, scopeSpans };
}

function resourceAttributes(r: ProtoReader): OtlpKeyValue[] {
  const out: OtlpKeyValue[] = [];
  for (let f = r.next(); f; f = r.next()) {
    if (f.field === 1 && f.wire === WIRE.len) out.push(keyValue(r.message()));
    else r.skip(f.wire);
  }
  return out;
}

function scopeSpansOf(r: ProtoReader): { spans: OtlpSpan[] } {
  const spans: OtlpSpan[] = [];
  for (let f = r.next(); f; f = r.next()) {
    if (f.field === 2 && f.wire === WIRE.len) spans.push(spanOf(r.message()));
    else r.skip(f.wire);
  }
  return { spans };
}

function spanOf(r: ProtoReader): OtlpSpan {
  const span: { -readonly [K in keyof OtlpSpan]: OtlpSpan[K] } = {};
  const attributes: OtlpKeyValue[] = [];
  for (let f = r.next(); f; f = r.next()) {
    const len = f.wire === WIRE.len;
    if (f.field === 1 && len) span.traceId = hex(r.bytes());
    else if (f.field === 2 && len) span.spanId = hex(r.bytes());
    else if (f.field === 4 && len) span.parentSpanId = hex(r.bytes());
    else if (f.field === 5 && len) span.name = r.string();
    else if (f.field === 7 && f.wire === WIRE.i64) span.startTimeUnixNano = String(r.fixed64());
    else if (f.field === 8 && f.wire === WIRE.i64) span.endTimeUnixNano = String(r.fixed64());
    else if (f.field === 9 && len) attributes.push(keyValue(r.message()));
    else if (f.field === 15 && len) span.status = statusCode(r.message());
    else r.skip(f.wire);
  }
  span.attributes = attributes;
  return span;
}

/** Status (message 2, code 3): only the code is kept. */
function statusCode(r: ProtoReader): { code: number } {
  let code = 0;
  for (let f = r.next(); f; f = r.next()) {
    if (f.field === 3 && f.wire === WIRE.varint) code = Number(r.varint());
    else r.skip(f.wire);
  }
  return { code };
}

function keyValue(r: ProtoReader): OtlpKeyValue {
  let key = '';
  let value: OtlpAnyValue | undefined;
  for (let f = r.next(); f; f = r.next()) {
    if (f.field === 1 && f.wire === WIRE.len) key = r.string();
    else if (f.field === 2 && f.wire === WIRE.len) value = anyValue(r.message());
    else r.skip(f.wire);
  }
  return value === undefined ? { key } : { key, value };
}

function anyValue(r: ProtoReader): OtlpAnyValue {
  let value: OtlpAnyValue = {};
  for (let f = r.next(); f; f = r.next()) {
    const len = f.wire === WIRE.len;
    if (f.field === 1 && len) value = { stringValue: r.string() };
    else if (f.field === 2 && f.wire === WIRE.varint) value = { boolValue: r.varint() !== 0n };
    else if (f.field === 3 && f.wire === WIRE.varint)
      value = { intValue: String(BigInt.asIntN(64, r.varint())) };
    else if (f.field === 4 && f.wire === WIRE.i64) value = { doubleValue: r.double() };
    else if (f.field === 5 && len)
      value = { arrayValue: { values: listOf(r.message(), anyValue) } };
    else if (f.field === 6 && len)
      value = { kvlistValue: { values: listOf(r.message(), keyValue) } };
    else if (f.field === 7 && len)
      value = { bytesValue: Buffer.from(r.bytes()).toString('base64') };
    else r.skip(f.wire);
  }
  return value;
}

/** The repeated message in field 1 (ArrayValue.values, KeyValueList.values). */
function listOf<T>(r: ProtoReader, item: (r: ProtoReader) => T): T[] {
  const out: T[] = [];
  for (let f = r.next(); f; f = r.next()) {
    if (f.field === 1 && f.wire === WIRE.len) out.push(item(r.message()));
    else r.skip(f.wire);
  }
  return out;
}

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}

/**
 * An `ExportTraceServiceResponse` with its partial_success (field 1) holding rejected_spans
 * (1, int64) and error_message (2); no rejected spans is the empty message, zero bytes.
 */
export function encodeTraceResponse(rejected: number, message: string): Uint8Array {
  if (rejected === 0) return new Uint8Array(0);
  const text = new TextEncoder().encode(message);
  const inner = [0x08, ...varint(rejected), 0x12, ...varint(text.length), ...text];
  return Uint8Array.from([0x0a, ...varint(inner.length), ...inner]);
}

function varint(n: number): number[] {
  const out: number[] = [];
  let v = n;
  while (v > 0x7f) {
    out.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
  return out;
}
