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
