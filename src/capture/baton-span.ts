import {
  type Attributes,
  type AttributeValue,
  type Exception,
  type Span,
  type SpanContext,
  type SpanStatus,
  SpanStatusCode,
  type TimeInput,
  TraceFlags,
} from '@opentelemetry/api';
import type { AttrValue, SpanRecord } from '../normalize/span-record.ts';
import { preciseNow, TIME_ORIGIN } from './clock.ts';

/** Where a Baton span's record goes when it ends: its scope's buffer, while the scope is open. */
export type RecordSink = (record: SpanRecord) => void;

// Ids unique in this process and, by the random prefix, across processes: 16 and 32 hex digits.
const prefix = Array.from({ length: 16 }, () => Math.floor(Math.random() * 16).toString(16)).join(
  '',
);
const spanPrefix = prefix.slice(0, 8);
let counter = 0;
const ZEROS = '00000000';

/** The counter as 8 hex digits (it wraps after 2^32 ids; the random prefix stays). */
function next8(): string {
  counter = (counter + 1) >>> 0 || 1;
  const hex = counter.toString(16);
  return hex.length === 8 ? hex : ZEROS.slice(hex.length) + hex;
}

/** A new span id (16 hex digits, never all zero). */
export function nextSpanId(): string {
  return spanPrefix + next8();
}

/** A new trace id (32 hex digits, never all zero). */
export function nextTraceId(): string {
  return `${prefix}${ZEROS}${next8()}`;
}

function toMillis(t: TimeInput): number {
  if (t instanceof Date) return t.getTime();
  if (Array.isArray(t)) return t[0] * 1e3 + t[1] / 1e6;
  // The API's convention: a number below the time origin is a performance.now() reading.
  return t < TIME_ORIGIN ? TIME_ORIGIN + t : t;
}

function isAttributeValue(v: unknown): v is AttributeValue {
  const t = typeof v;
  return t === 'string' || t === 'number' || t === 'boolean' || Array.isArray(v);
}

/**
 * Baton's own case and step spans: real API spans (they parent the implementation's spans, which
 * the SDK records), written straight to their scope's buffer as records when they end. Baton
 * reads them only as records, so the SDK's span objects and their conversion are skipped.
 */
export class BatonSpan implements Span {
  readonly #context: SpanContext;
  readonly #parentId: string | undefined;
  readonly #start = preciseNow();
  readonly #sink: RecordSink;
  #name: string;
  #attributes: Record<string, AttrValue | undefined>;
  #status: 'ok' | 'error' | undefined;
  #ended = false;

  constructor(
    name: string,
    attributes: Record<string, AttrValue | undefined>,
    parent: SpanContext | undefined,
    sink: RecordSink,
  ) {
    this.#name = name;
    this.#attributes = attributes;
    this.#parentId = parent?.spanId;
    this.#sink = sink;
    this.#context = {
      traceId: parent?.traceId ?? nextTraceId(),
      spanId: nextSpanId(),
      traceFlags: TraceFlags.SAMPLED,
    };
  }

  spanContext(): SpanContext {
    return this.#context;
  }

  setAttribute(key: string, value: AttributeValue): this {
    if (!this.#ended && key !== '' && isAttributeValue(value)) {
      // The attributes given at start may be shared: copy them before the first change.
      this.#attributes = { ...this.#attributes, [key]: value as AttrValue };
    }
    return this;
  }

  setAttributes(attributes: Attributes): this {
    for (const [k, v] of Object.entries(attributes)) if (v !== undefined) this.setAttribute(k, v);
    return this;
  }

  addEvent(): this {
    return this;
  }

  addLink(): this {
    return this;
  }

  addLinks(): this {
    return this;
  }

  setStatus(status: SpanStatus): this {
    if (this.#ended) return this;
    if (status.code === SpanStatusCode.ERROR) this.#status = 'error';
    else if (status.code === SpanStatusCode.OK) this.#status = 'ok';
    return this;
  }

  updateName(name: string): this {
    if (!this.#ended) this.#name = name;
    return this;
  }

  isRecording(): boolean {
    return !this.#ended;
  }

  recordException(_exception: Exception): void {}

  end(endTime?: TimeInput): void {
    if (this.#ended) return;
    this.#ended = true;
    const end = endTime === undefined ? preciseNow() : toMillis(endTime);
    const record: { -readonly [K in keyof SpanRecord]: SpanRecord[K] } = {
      traceId: this.#context.traceId,
      spanId: this.#context.spanId,
      name: this.#name,
      start: this.#start,
      end: Math.max(this.#start, end),
      attributes: this.#attributes,
    };
    if (this.#parentId !== undefined) record.parentId = this.#parentId;
    if (this.#status !== undefined) record.status = this.#status;
    this.#sink(record);
  }
}
