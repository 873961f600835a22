import { createHash } from 'node:crypto';

// How spans reach the export files: the Python OpenTelemetry SDK's BatchSpanProcessor hands each
// finished trace's spans (in the order they ended) to the OTLP exporter, and the Collector's
// `file` exporter writes each request as one line of OTLP/JSON (ids in hex, int64 times as
// strings, enums as numbers).

const RESOURCE = [
  attr('service.name', 'fjord-support'),
  attr('deployment.environment', 'staging'),
  attr('telemetry.sdk.language', 'python'),
  attr('telemetry.sdk.name', 'opentelemetry'),
  attr('telemetry.sdk.version', '1.38.0'),
];
const SCOPE = { name: 'openinference.instrumentation.openai_agents', version: '1.4.3' };
const SPAN_KIND_INTERNAL = 1;
const STATUS_OK = 1;
const STATUS_ERROR = 2;

/** An OTLP/JSON key-value: strings, integers (as int64 strings), floats and booleans. */
export function attr(key, value) {
  if (typeof value === 'boolean') return { key, value: { boolValue: value } };
  if (typeof value === 'number')
    return Number.isInteger(value)
      ? { key, value: { intValue: String(value) } }
      : { key, value: { doubleValue: value } };
  return { key, value: { stringValue: String(value) } };
}

/** Deterministic ids, so the exports only change when the conversations do. */
export function hexId(seed, bytes) {
  return createHash('sha256')
    .update(seed)
    .digest('hex')
    .slice(0, bytes * 2);
}

/** One span as the OTLP exporter serialises it. */
export function otlpSpan(span) {
  return {
    traceId: span.traceId,
    spanId: span.spanId,
    ...(span.parentSpanId !== undefined && { parentSpanId: span.parentSpanId }),
    flags: 256,
    name: span.name,
    kind: SPAN_KIND_INTERNAL,
    startTimeUnixNano: String(span.start),
    endTimeUnixNano: String(span.end),
    attributes: Object.entries(span.attributes).map(([k, v]) => attr(k, v)),
    status:
      span.error === undefined ? { code: STATUS_OK } : { code: STATUS_ERROR, message: span.error },
  };
}

/** One line of the Collector's file export: one trace's batch. */
export function exportLine(spans) {
  const ended = [...spans].sort((a, b) => Number(a.end - b.end) || Number(a.start - b.start));
  return JSON.stringify({
    resourceSpans: [
      {
        resource: { attributes: RESOURCE },
        scopeSpans: [{ scope: SCOPE, spans: ended.map(otlpSpan) }],
      },
    ],
  });
}
