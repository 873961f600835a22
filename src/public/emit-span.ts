import { type Attributes, type Tracer, trace } from '@opentelemetry/api';

const TRACER_NAME = 'baton-conventions';

// The API's proxy tracer follows whichever provider is registered later, so one is enough.
let defaultTracer: Tracer | undefined;

/** The tracer the span helpers use: the one given, or the global API's. */
export function tracerOf(tracer?: Tracer): Tracer {
  if (tracer) return tracer;
  defaultTracer ??= trace.getTracer(TRACER_NAME);
  return defaultTracer;
}

/** Starts and ends one span under the active context. */
export function emitSpan(name: string, attributes: Attributes, tracer?: Tracer): void {
  tracerOf(tracer).startSpan(name, { attributes }).end();
}
