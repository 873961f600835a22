import type { Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';

/**
 * Routes every ended span to the buffer of its trace. Each case runs under its own root span,
 * so one trace id is one capture scope and concurrent cases never mix. This skips the exporter
 * machinery of SimpleSpanProcessor (promises, suppressed contexts) that dominates its cost.
 */
export class SpanBufferProcessor implements SpanProcessor {
  private readonly buffers = new Map<string, { push(span: ReadableSpan): unknown }>();

  /** Starts collecting the spans of `traceId` into `buffer` (which may hold others' too). */
  open(traceId: string, buffer: { push(span: ReadableSpan): unknown }): void {
    this.buffers.set(traceId, buffer);
  }

  /** Stops collecting the spans of `traceId`: later ones are dropped. */
  close(traceId: string): void {
    this.buffers.delete(traceId);
  }

  onStart(_span: Span, _parentContext: Context): void {}

  onEnd(span: ReadableSpan): void {
    this.buffers.get(span.spanContext().traceId)?.push(span);
  }

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  shutdown(): Promise<void> {
    this.buffers.clear();
    return Promise.resolve();
  }
}
