/** An attribute value as OpenTelemetry allows it. */
export type AttrValue =
  | string
  | number
  | boolean
  | readonly string[]
  | readonly number[]
  | readonly boolean[];

/**
 * A finished span in a shape independent of where it came from (the in-process SDK, an OTLP
 * request, a trace file). Times are milliseconds since the epoch.
 */
export interface SpanRecord {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentId?: string;
  readonly name: string;
  readonly start: number;
  readonly end: number;
  readonly attributes: Readonly<Record<string, AttrValue | undefined>>;
}
