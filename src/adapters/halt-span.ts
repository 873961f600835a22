import { type Attributes, type Context, context, type Tracer } from '@opentelemetry/api';
import { ATTR, EVENT } from '../conventions/attributes.ts';
import type { HaltCause } from '../model/timeline.ts';

/** Why and where a framework stopped the implementation's run, as an adapter saw it. */
export interface Halt {
  readonly cause: HaltCause;
  readonly limit?: number;
  readonly guardrail?: string;
  /** The participant whose turn was next or running. */
  readonly agent?: string;
  /** The framework's own words, e.g. `Max turns (12) exceeded`. */
  readonly detail?: string;
}

/**
 * Records that the implementation's framework stopped its run (Baton's `halt` span): the case is
 * judged on what happened before it and fails (`case.turn_limit`, `case.guardrail_tripped`).
 * Created under `parent`, the step span's context, so it belongs to the step that was stopped.
 */
export function emitHalt(tracer: Tracer, halt: Halt, parent: Context = context.active()): void {
  const attributes: Attributes = { [ATTR.event]: EVENT.halt, [ATTR.haltCause]: halt.cause };
  if (halt.limit !== undefined) attributes[ATTR.haltLimit] = halt.limit;
  if (halt.guardrail !== undefined) attributes[ATTR.haltGuardrail] = halt.guardrail;
  if (halt.agent !== undefined) attributes[ATTR.agent] = halt.agent;
  if (halt.detail !== undefined) attributes[ATTR.haltDetail] = halt.detail;
  tracer.startSpan('baton.halt', { attributes }, parent).end();
}
