import { preciseNow } from '../../capture/clock.ts';

/**
 * One finished span of the OpenAI Agents SDK, as Baton's trace processor recorded it: the SDK's
 * own ids and span data, plus start and end times taken from a high-resolution clock when the
 * processor heard of them (the SDK keeps whole milliseconds only, which would let two handoffs of
 * one millisecond swap places). Plain data, so a recorded stream can be replayed in a test.
 */
export interface SdkSpanRecord {
  readonly spanId: string;
  /** The SDK parent span; null for the top span of a turn's trace. */
  readonly parentId: string | null;
  readonly traceId: string;
  /** The SDK's span data: `{ type: 'agent' | 'handoff' | 'function' | 'generation' | … }`. */
  readonly data: SdkSpanData;
  readonly error: { readonly message: string; readonly data?: unknown } | null;
  /** Milliseconds since the epoch, with sub-millisecond precision. */
  readonly start: number;
  readonly end: number;
}

/** The SDK's span data: a discriminated union on `type`, kept loose to outlive SDK versions. */
export type SdkSpanData = { readonly type: string } & Readonly<Record<string, unknown>>;

/** What a recorder needs from an SDK span (structurally, so tests need no SDK objects). */
export interface SdkSpanLike {
  readonly spanId: string;
  readonly parentId: string | null;
  readonly traceId: string;
  readonly spanData: { readonly type: string };
  readonly error: { readonly message: string; readonly data?: unknown } | null;
  readonly startedAt: string | null;
  readonly endedAt: string | null;
}

export { preciseNow };

/** Snapshots an ended SDK span; `start` falls back to the SDK's own ISO time when unheard. */
export function recordSdkSpan(span: SdkSpanLike, start: number | undefined): SdkSpanRecord {
  const end = preciseNow();
  return {
    spanId: span.spanId,
    parentId: span.parentId,
    traceId: span.traceId,
    data: { ...span.spanData } as SdkSpanData,
    error: span.error,
    start: start ?? isoMillis(span.startedAt) ?? end,
    end,
  };
}

function isoMillis(iso: string | null): number | undefined {
  if (iso === null) return undefined;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : ms;
}

/** A string field of span data, or undefined. */
export function dataString(data: SdkSpanData, key: string): string | undefined {
  const value = data[key];
  return typeof value === 'string' ? value : undefined;
}
