import type { Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';

/** A finished span with Baton's own high-resolution start and end (ms since the epoch). */
export interface BufferedSpan {
  readonly span: ReadableSpan;
  readonly start: number;
  readonly end: number;
}

/** Sub-microsecond wall-clock time; the SDK's own stamps come from Date.now(), whole ms. */
export function preciseNow(): number {
  return performance.timeOrigin + performance.now();
}

/**
 * Routes every ended span to the buffer of its trace. Each case runs under its own root span,
 * so one trace id is one capture scope and concurrent cases never mix. This skips the exporter
 * machinery of SimpleSpanProcessor (promises, suppressed contexts) that dominates its cost.
 * Start and end are stamped here with a high-resolution clock, so two handoffs in the same
 * millisecond keep the order they happened in.
 */
export class SpanBufferProcessor implements SpanProcessor {
  private readonly buffers = new Map<string, BufferedSpan[]>();
  private readonly starts = new WeakMap<object, number>();

  /** Starts collecting the spans of `traceId`. */
  open(traceId: string): void {
    this.buffers.set(traceId, []);
  }

  /** Stops collecting and returns what `traceId` produced; later spans are dropped. */
  close(traceId: string): BufferedSpan[] {
    const spans = this.buffers.get(traceId) ?? [];
    this.buffers.delete(traceId);
    return spans;
  }

  onStart(span: Span, _parentContext: Context): void {
    if (this.buffers.has(span.spanContext().traceId)) this.starts.set(span, preciseNow());
  }

  onEnd(span: ReadableSpan): void {
    const buffer = this.buffers.get(span.spanContext().traceId);
    if (!buffer) return;
    const end = preciseNow();
    buffer.push({ span, start: this.starts.get(span) ?? end, end });
  }

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  shutdown(): Promise<void> {
    this.buffers.clear();
    return Promise.resolve();
  }
}
