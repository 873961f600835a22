import { isSpanContextValid, type SpanContext, TraceFlags } from '@opentelemetry/api';

/**
 * The W3C Trace Context headers (https://www.w3.org/TR/trace-context/) that make a service's
 * spans children of `span`: `traceparent: 00-<trace id>-<span id>-<flags>`, plus `tracestate`
 * when the span has one. Empty for an invalid span context.
 */
export function traceHeaders(span: SpanContext | undefined): Record<string, string> {
  if (!span || !isSpanContextValid(span)) return {};
  const sampled = (span.traceFlags & TraceFlags.SAMPLED) === TraceFlags.SAMPLED;
  const headers: Record<string, string> = {
    traceparent: `00-${span.traceId}-${span.spanId}-${sampled ? '01' : '00'}`,
  };
  const state = span.traceState?.serialize();
  if (state) headers.tracestate = state;
  return headers;
}
