import { type Context, context, type Span, type Tracer, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  AlwaysOnSampler,
  BasicTracerProvider,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace-base';
import { ATTR, EVENT } from '../conventions/attributes.ts';
import type { AttrValue, SpanRecord } from '../normalize/span-record.ts';
import { BatonSpan } from './baton-span.ts';
import { withActiveSpan } from './linked-context.ts';
import { SpanBufferProcessor } from './span-buffer-processor.ts';
import { toSpanRecord } from './to-span-record.ts';

/** One case's capture scope: spans started under `context` are collected until `close()`. */
export interface CaptureScope {
  readonly root: Span;
  readonly context: Context;
  /**
   * Starts one of Baton's own spans (a step) in this scope, its parent the span active in
   * `parent`; it is recorded straight into the scope, without the SDK's span machinery.
   */
  startSpan(name: string, attributes: Record<string, AttrValue>, parent: Context): Span;
  /** Ends the root span and returns every span of this scope, root included. */
  close(): SpanRecord[];
}

/** Span capture with the real OpenTelemetry SDK, one scope per case run. */
export interface Capture {
  readonly tracer: Tracer;
  /** True when Baton's provider is the global one, so `trace.getTracer()` users are captured. */
  readonly global: boolean;
  open(caseId: string, repeat: number): CaptureScope;
  shutdown(): Promise<void>;
}

let installed:
  | { provider: BasicTracerProvider; processor: SpanBufferProcessor; global: boolean }
  | undefined;

/**
 * Creates (once per process) Baton's tracer provider and registers it, with an async-local
 * context manager, as the global provider so implementations using the plain API are captured.
 */
export function createCapture(): Capture {
  if (!installed) {
    const processor = new SpanBufferProcessor();
    // Every span of a case is needed for its verdicts: sample all, skip the parent-based logic.
    const provider = new BasicTracerProvider({
      spanProcessors: [processor],
      sampler: new AlwaysOnSampler(),
    });
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    // false when the host process registered its own provider first: then only spans made
    // with `ctx.tracer` are captured, and the CLI says so.
    const global = trace.setGlobalTracerProvider(provider);
    installed = { provider, processor, global };
  }
  const { provider, processor, global } = installed;
  const tracer = provider.getTracer('baton');
  return {
    tracer,
    global,
    open(caseId, repeat) {
      // The SDK's spans (the implementation's) and Baton's own, in the order they ended.
      const buffer: (ReadableSpan | SpanRecord)[] = [];
      let closed = false;
      const sink = (record: SpanRecord) => {
        if (!closed) buffer.push(record);
      };
      const root = new BatonSpan(
        `baton.case ${caseId}`,
        { [ATTR.event]: EVENT.case, [ATTR.caseId]: caseId, 'baton.repeat': repeat },
        undefined,
        sink,
      );
      const traceId = root.spanContext().traceId;
      processor.open(traceId, buffer);
      return {
        root,
        context: withActiveSpan(context.active(), root),
        startSpan: (name, attributes, parent) =>
          new BatonSpan(name, attributes, trace.getSpanContext(parent), sink),
        close() {
          root.end();
          closed = true;
          processor.close(traceId);
          return buffer.map(asRecord);
        },
      };
    },
    shutdown: () => Promise.resolve(),
  };
}

function asRecord(span: ReadableSpan | SpanRecord): SpanRecord {
  return typeof (span as ReadableSpan).spanContext === 'function'
    ? toSpanRecord(span as ReadableSpan)
    : (span as SpanRecord);
}
