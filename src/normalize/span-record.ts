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
  /** The span's status when it was set: `error` marks a failed operation (a tool that threw). */
  readonly status?: 'ok' | 'error';
}

/** An OTLP status (`{ code: 2 }` or `{ code: "STATUS_CODE_ERROR" }` in JSON) as a record's status. */
export function statusOf(raw: unknown): 'ok' | 'error' | undefined {
  const code = (raw as { code?: unknown } | null | undefined)?.code;
  if (code === 2 || code === '2' || code === 'STATUS_CODE_ERROR') return 'error';
  if (code === 1 || code === '1' || code === 'STATUS_CODE_OK') return 'ok';
  return undefined;
}
