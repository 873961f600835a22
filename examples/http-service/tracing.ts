import { type Context, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { OtlpJsonExporter } from './otlp-json-exporter.ts';

/** The service's tracing: flush() before answering a turn, so its spans reach Baton first. */
export interface Tracing {
  readonly enabled: boolean;
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

/**
 * Where spans go, read the standard way: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as is, else
 * OTEL_EXPORTER_OTLP_ENDPOINT + `/v1/traces`; OTEL_TRACES_EXPORTER=none turns tracing off.
 */
export function tracesEndpoint(env: NodeJS.ProcessEnv): string | undefined {
  if (env.OTEL_TRACES_EXPORTER === 'none') return undefined;
  if (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  return base ? `${base.replace(/\/$/, '')}/v1/traces` : undefined;
}

/**
 * Registers an SDK provider that exports OTLP/JSON to `endpoint`. Without an endpoint nothing
 * is registered: the OpenTelemetry API then makes no-op spans and the service runs untraced.
 */
export function startTracing(endpoint: string | undefined): Tracing {
  if (endpoint === undefined) {
    return { enabled: false, flush: async () => {}, shutdown: async () => {} };
  }
  const provider = new BasicTracerProvider({
    spanProcessors: [new BatchSpanProcessor(new OtlpJsonExporter(endpoint))],
  });
  trace.setGlobalTracerProvider(provider);
  return { enabled: true, flush: () => provider.forceFlush(), shutdown: () => provider.shutdown() };
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/**
 * The parent context a `traceparent` header names (W3C Trace Context), so this service's spans
 * become children of the caller's span: Baton's step span. `W3CTraceContextPropagator` from
 * `@opentelemetry/core` does the same in a service that registers it.
 */
export function parentFrom(traceparent: string | string[] | undefined): Context {
  const match = typeof traceparent === 'string' ? TRACEPARENT.exec(traceparent.trim()) : null;
  if (!match) return ROOT_CONTEXT;
  const [, traceId, spanId, flags] = match as unknown as [string, string, string, string];
  return trace.setSpanContext(ROOT_CONTEXT, {
    traceId,
    spanId,
    traceFlags: Number.parseInt(flags, 16),
    isRemote: true,
  });
}

let last = 0;

/**
 * Milliseconds since the epoch with sub-millisecond precision, strictly increasing. The SDK
 * stamps span starts from Date.now() (whole milliseconds), so two handoffs in one step would tie
 * and could swap order; explicit start times keep the order they happened in.
 */
export function clock(): number {
  last = Math.max(performance.timeOrigin + performance.now(), last + 0.001);
  return last;
}
