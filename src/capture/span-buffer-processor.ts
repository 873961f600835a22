import type { Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';

/**
 * Routes every ended span to the buffer of its trace. Each case runs under its own root span,
 * so one trace id is one capture scope and concurrent cases never mix. This skips the exporter
 * machinery of SimpleSpanProcessor (promises, suppressed contexts) that dominates its cost.
 */
export class SpanBufferProcessor implements SpanProcessor {
  private readonly buffers = new Map<string, ReadableSpan[]>();

  /** Starts collecting the spans of `traceId`. */
  open(traceId: string): void {
    this.buffers.set(traceId, []);
  }

  /** Stops collecting and returns what `traceId` produced; later spans are dropped. */
  close(traceId: string): ReadableSpan[] {
    const spans = this.buffers.get(traceId) ?? [];
    this.buffers.delete(traceId);
    return spans;
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
