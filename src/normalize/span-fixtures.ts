import { ATTR, EVENT } from '../conventions/attributes.ts';
import type { SpanRecord } from './span-record.ts';

export interface SpanFixtureOptions {
  readonly parentId?: string | undefined;
  /** Default: the span id. */
  readonly name?: string | undefined;
  readonly traceId?: string | undefined;
  readonly durationMs?: number | undefined;
}

/** Test helper: a span record with only what a test cares about. Not part of the public API. */
export function spanRecord(
  spanId: string,
  start: number,
  attributes: SpanRecord['attributes'],
  options: SpanFixtureOptions = {},
): SpanRecord {
  return {
    traceId: options.traceId ?? 't',
    spanId,
    name: options.name ?? spanId,
    start,
    end: start + (options.durationMs ?? 1),
    attributes,
    ...(options.parentId !== undefined && { parentId: options.parentId }),
  };
}

/** Step `i`'s span, as the runner writes it: 90 ms from `i * 100`. */
export function stepSpan(i: number): SpanRecord {
  return spanRecord(
    `step${i}`,
    i * 100,
    { [ATTR.event]: EVENT.step, [ATTR.stepIndex]: i },
    { durationMs: 90 },
  );
}
