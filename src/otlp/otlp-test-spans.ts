import { type Attributes, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';

/** Every attribute type OpenTelemetry's SDK can set, with the SpanRecord value Baton expects. */
export const SDK_ATTRIBUTES: Attributes = {
  'baton.event': 'handoff',
  'baton.handoff.payload_size': 42,
  'x.double': 1.5,
  'x.bool': false,
  'x.strings': ['a', 'b'],
  'x.ints': [1, 2, 3],
  'x.doubles': [0.5, 2.25],
  'x.bools': [true, false],
  'x.big': 2 ** 40,
  'x.empty': [],
};

/**
 * Ends a parent and a child span under `traceId` with a private SDK provider (never the global
 * one) and returns them as ReadableSpans, ready for the OTLP serializers.
 */
export function sdkSpans(traceId = '0af7651916cd43dd8448eb211c80319c'): ReadableSpan[] {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const tracer = provider.getTracer('otlp-test');
  const remote = trace.setSpanContext(ROOT_CONTEXT, {
    traceId,
    spanId: 'b7ad6b7169203331',
    traceFlags: 1,
    isRemote: true,
  });
  const parent = tracer.startSpan('agent triage', { startTime: 1_700_000_000_123.456 }, remote);
  const child = tracer.startSpan(
    'handoff triage -> refunds',
    { attributes: SDK_ATTRIBUTES, startTime: 1_700_000_000_124.5 },
    trace.setSpan(remote, parent),
  );
  child.end(1_700_000_000_125);
  parent.end(1_700_000_000_126);
  return exporter.getFinishedSpans();
}
