import {
  type Attributes,
  type Context,
  type Span,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import type { PlannedSpan } from './planned-span.ts';

/**
 * Creates the planned spans with `tracer` under `parent` (the step span's context), each under
 * its planned parent, with the recorded start and end times. Parents must come before children.
 */
export function emitPlannedSpans(
  tracer: Tracer,
  parent: Context,
  planned: readonly PlannedSpan[],
): void {
  const made = new Map<string, Span>();
  for (const p of planned) {
    const above = p.parentId === undefined ? undefined : made.get(p.parentId);
    const context = above ? trace.setSpan(parent, above) : parent;
    const span = tracer.startSpan(
      p.name,
      { startTime: p.start, attributes: p.attributes as Attributes },
      context,
    );
    if (p.error !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: p.error });
    made.set(p.id, span);
  }
  for (const p of planned) made.get(p.id)?.end(p.end);
}
