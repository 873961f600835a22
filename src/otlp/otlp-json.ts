import { type SpanRecord, statusOf } from '../normalize/span-record.ts';
import { attributesOf, type OtlpKeyValue } from './any-value.ts';

/** An OTLP span in its JSON form: ids in hex (base64 is accepted too), times as int64 nanos. */
export interface OtlpSpan {
  readonly traceId?: string;
  readonly spanId?: string;
  readonly parentSpanId?: string;
  readonly name?: string;
  readonly startTimeUnixNano?: string | number;
  readonly endTimeUnixNano?: string | number;
  readonly attributes?: readonly OtlpKeyValue[];
  readonly status?: { readonly code?: number | string };
}

/** An `ExportTraceServiceRequest` (the body of `POST /v1/traces`, one line of a JSON file). */
export interface OtlpTraceRequest {
  readonly resourceSpans?: readonly {
    readonly resource?: { readonly attributes?: readonly OtlpKeyValue[] };
    readonly scopeSpans?: readonly { readonly spans?: readonly OtlpSpan[] }[];
  }[];
}

/** What one request converts to: the spans, and how many were rejected and why. */
export interface ConvertedSpans {
  readonly spans: SpanRecord[];
  readonly rejected: number;
  /** The first problem with a rejected span, for the OTLP partial-success message. */
  readonly problem?: string;
}

const HEX = /^[0-9a-f]+$/;

/** A trace or span id as lower-case hex: hex as OTLP/JSON requires, or base64 (protobuf JSON). */
export function idOf(raw: unknown, bytes: 16 | 8): string | undefined {
  if (typeof raw !== 'string' || raw === '') return undefined;
  const lower = raw.toLowerCase();
  if (lower.length === bytes * 2 && HEX.test(lower)) return /^0+$/.test(lower) ? undefined : lower;
  const decoded = Buffer.from(raw, 'base64');
  if (decoded.length !== bytes) return undefined;
  const hex = decoded.toString('hex');
  return /^0+$/.test(hex) ? undefined : hex;
}

/** Unix nanoseconds (int64 text or number) as milliseconds since the epoch, to the microsecond. */
export function millisOf(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw / 1e6 : undefined;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw)) return undefined;
  // Through BigInt: a float64 cannot hold epoch nanoseconds exactly, but it holds microseconds.
  return Number(BigInt(raw) / 1000n) / 1000;
}

/** Converts one OTLP trace request into span records; spans without valid ids are rejected. */
export function spansFromOtlp(request: unknown): ConvertedSpans {
  const spans: SpanRecord[] = [];
  let rejected = 0;
  let problem: string | undefined;
  const resourceSpans = (request as OtlpTraceRequest | null)?.resourceSpans;
  for (const rs of Array.isArray(resourceSpans) ? resourceSpans : []) {
    for (const ss of Array.isArray(rs?.scopeSpans) ? rs.scopeSpans : []) {
      for (const span of Array.isArray(ss?.spans) ? ss.spans : []) {
        const record = toRecord(span);
        if (typeof record === 'string') {
          rejected++;
          problem ??= record;
        } else spans.push(record);
      }
    }
  }
  return { spans, rejected, ...(problem !== undefined && { problem }) };
}

/** A span record, or what is wrong with the span. */
function toRecord(span: OtlpSpan): SpanRecord | string {
  const traceId = idOf(span?.traceId, 16);
  const spanId = idOf(span?.spanId, 8);
  if (traceId === undefined) return 'a span has no valid traceId (32 hex digits)';
  if (spanId === undefined) return 'a span has no valid spanId (16 hex digits)';
  const start = millisOf(span.startTimeUnixNano);
  if (start === undefined) return `span ${spanId} has no valid startTimeUnixNano`;
  const end = millisOf(span.endTimeUnixNano) ?? start;
  const parentId = idOf(span.parentSpanId, 8);
  const status = statusOf(span.status);
  return {
    traceId,
    spanId,
    ...(parentId !== undefined && { parentId }),
    name: typeof span.name === 'string' ? span.name : '',
    start,
    end: Math.max(start, end),
    attributes: attributesOf(span.attributes),
    ...(status !== undefined && { status }),
  };
}
