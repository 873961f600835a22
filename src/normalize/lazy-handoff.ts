import { ATTR } from '../conventions/attributes.ts';
import type { HandoffEvent, SideBySide } from '../model/timeline.ts';
import { parseJson } from './attrs.ts';
import type { SpanIndex } from './span-index.ts';
import type { SpanRecord } from './span-record.ts';

interface HandoffFields {
  readonly step: number;
  readonly at: number;
  readonly spanId: string;
  readonly end: number | undefined;
  readonly from: string;
  readonly to: string;
  readonly reason: string | undefined;
  /** The payload as the span carried it: JSON text, other text, or a structured value. */
  readonly raw: unknown;
  /** The conversation the receiver was handed, as the span carried it. */
  readonly rawHistory: unknown;
  readonly declaredSize: number | undefined;
  readonly autoReturn: boolean;
  readonly fanOut: string | undefined;
  readonly toPerson: boolean;
}

/**
 * A handoff event whose payload is parsed on first read: most checks never look at payloads, and
 * parsing every envelope of every case dominated normalisation. Behaves as a plain HandoffEvent.
 * Its reason is the one the span stated, else a string `reason` field of the payload (a transfer
 * tool's arguments `{ reason, order_id }`), read with the payload.
 */
class LazyHandoff implements HandoffEvent {
  readonly kind = 'handoff' as const;
  readonly step: number;
  readonly at: number;
  readonly spanId: string;
  readonly from: string;
  readonly to: string;
  readonly payloadSize?: number;
  readonly end?: number;
  readonly autoReturn?: boolean;
  readonly fanOut?: string;
  readonly toPerson?: boolean;
  // Set once, after the case's tool calls are known (markSideBySide), before any check reads it.
  sideBySide?: SideBySide;
  #stated: string | undefined;
  #raw: unknown;
  #parsed = false;
  #payload: unknown;
  #rawHistory: unknown;
  #history: unknown;
  #historyParsed = false;

  constructor(f: HandoffFields) {
    this.step = f.step;
    this.at = f.at;
    this.spanId = f.spanId;
    this.from = f.from;
    this.to = f.to;
    this.#stated = f.reason;
    if (f.end !== undefined) this.end = f.end;
    if (f.autoReturn) this.autoReturn = true;
    if (f.fanOut !== undefined) this.fanOut = f.fanOut;
    if (f.toPerson) this.toPerson = true;
    this.#raw = f.raw;
    this.#rawHistory = f.rawHistory;
    const size = f.declaredSize ?? sizeOf(f.raw);
    if (size !== undefined) this.payloadSize = size;
  }

  get reason(): string | undefined {
    if (this.#stated !== undefined) return this.#stated;
    const payload = this.payload;
    const given =
      typeof payload === 'object' && payload !== null
        ? (payload as { reason?: unknown }).reason
        : undefined;
    return typeof given === 'string' ? given : undefined;
  }

  get payload(): unknown {
    if (!this.#parsed) {
      this.#payload = typeof this.#raw === 'string' ? parseJson(this.#raw) : this.#raw;
      this.#parsed = true;
    }
    return this.#payload;
  }

  get history(): unknown {
    if (!this.#historyParsed) {
      const raw = this.#rawHistory;
      this.#history = typeof raw === 'string' ? parseJson(raw) : raw;
      this.#historyParsed = true;
    }
    return this.#history;
  }

  toJSON(): HandoffEvent {
    const { kind, step, at, spanId, from, to, reason, payloadSize, payload, end, autoReturn } =
      this;
    const { fanOut, history, sideBySide, toPerson } = this;
    // In report.json's order (its own four, then the rest by name): written without a copy.
    return {
      kind,
      step,
      at,
      spanId,
      autoReturn,
      end,
      fanOut,
      from,
      history,
      payload,
      payloadSize,
      reason,
      sideBySide,
      to,
      toPerson,
    } as HandoffEvent;
  }
}

/**
 * The event marked as made in one of several tool calls that ran at once: a marked copy of a
 * plain event; a handoff whose payload is read lazily is marked in place (a copy would lose it).
 */
export function markedSideBySide<E extends { readonly sideBySide?: SideBySide }>(
  e: E,
  mark: SideBySide,
): E {
  if (e instanceof LazyHandoff) {
    e.sideBySide = mark;
    return e;
  }
  return { ...e, sideBySide: mark };
}

function sizeOf(raw: unknown): number | undefined {
  if (raw === undefined) return undefined;
  return Buffer.byteLength(typeof raw === 'string' ? raw : JSON.stringify(raw));
}

/** What a recognizer found in a span: the rest (step, time, span id) comes from the span. */
export interface HandoffFound {
  readonly from: string;
  readonly to: string;
  readonly reason?: string | undefined;
  readonly raw?: unknown;
  /** The conversation the receiver was handed (`baton.handoff.history`), when the span says. */
  readonly history?: unknown;
  readonly declaredSize?: number | undefined;
  /** The framework returned finished work to its sender (`baton.handoff.auto_return`). */
  readonly autoReturn?: boolean | undefined;
  /** The fan-out it was made in (`baton.handoff.fan_out`). */
  readonly fanOut?: string | undefined;
}

/** The handoff event a recognizer found in `span`, placed at the span's step and time. */
export function handoffFrom(span: SpanRecord, index: SpanIndex, found: HandoffFound): HandoffEvent {
  return new LazyHandoff({
    step: index.step(span),
    at: span.start,
    spanId: span.spanId,
    // An instantaneous handoff span (Baton's own helpers) has no inside worth keeping.
    end: span.end > span.start ? span.end : undefined,
    from: found.from,
    to: found.to,
    reason: found.reason,
    raw: found.raw,
    rawHistory: found.history,
    declaredSize: found.declaredSize,
    autoReturn: found.autoReturn === true,
    fanOut: found.fanOut,
    toPerson: span.attributes[ATTR.handoffTargetKind] === 'person',
  });
}
