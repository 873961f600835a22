import type { AttrValue, SpanRecord } from '../normalize/span-record.ts';
import { spanRecord } from './otlp-spans.ts';

type Attributes = Readonly<Record<string, AttrValue | undefined>>;

/** Slots a span takes in the arena's reference array: trace id, span id, parent id, name, attributes. */
const REFS = 5;
const NONE = -1;
const STATUS = [undefined, 'ok', 'error'] as const;

/** Where one trace's spans are in a SpanArena: a chain of places, oldest first. */
export interface ArenaChain {
  head: number;
  tail: number;
  length: number;
}

/**
 * The spans held for every open group at once (the conversation assembler's), in a few large
 * arrays instead of one record object a span: strings and attributes in one array, times in a Float64Array, each trace's spans
 * chained by place. Held spans outlive young-generation collections, and every object that does
 * is copied and promoted; here a held span keeps only its strings and its attributes object, and
 * the arrays themselves are too large for the young generation, so collections never copy them.
 * `take` rebuilds a trace's SpanRecords exactly as they were added and frees their places.
 */
export class SpanArena {
  private refs: unknown[] = [];
  private times = new Float64Array(0);
  private status = new Uint8Array(0);
  private next = new Int32Array(0);
  private free = NONE;
  private capacity = 0;

  /** An empty chain for a new trace. */
  static chain(): ArenaChain {
    return { head: NONE, tail: NONE, length: 0 };
  }

  /**
   * Appends `span` to `chain`, under `traceId` (equal to the span's own: the caller passes one
   * string a trace, so the span's copy dies young).
   */
  add(chain: ArenaChain, span: SpanRecord, traceId = span.traceId): void {
    if (this.free === NONE) this.grow();
    const at = this.free;
    this.free = this.next[at] as number;
    const r = at * REFS;
    this.refs[r] = traceId;
    this.refs[r + 1] = span.spanId;
    this.refs[r + 2] = span.parentId;
    this.refs[r + 3] = span.name;
    this.refs[r + 4] = span.attributes;
    this.times[2 * at] = span.start;
    this.times[2 * at + 1] = span.end;
    this.status[at] = span.status === 'ok' ? 1 : span.status === 'error' ? 2 : 0;
    this.next[at] = NONE;
    if (chain.tail === NONE) chain.head = at;
    else this.next[chain.tail] = at;
    chain.tail = at;
    chain.length++;
  }

  /** Moves the spans of `from` to the end of `to`, leaving `from` empty. */
  append(to: ArenaChain, from: ArenaChain): void {
    if (from.head === NONE) return;
    if (to.tail === NONE) to.head = from.head;
    else this.next[to.tail] = from.head;
    to.tail = from.tail;
    to.length += from.length;
    from.head = from.tail = NONE;
    from.length = 0;
  }

  /** The chain's spans as SpanRecords, in the order added; frees their places. */
  take(chain: ArenaChain): SpanRecord[] {
    const out: SpanRecord[] = new Array(chain.length);
    const { refs, times, status, next } = this;
    for (let i = 0, at = chain.head; at !== NONE; i++) {
      const r = at * REFS;
      out[i] = spanRecord(
        refs[r] as string,
        refs[r + 1] as string,
        refs[r + 2] as string | undefined,
        refs[r + 3] as string,
        times[2 * at] as number,
        times[2 * at + 1] as number,
        refs[r + 4] as Attributes,
        STATUS[status[at] as number],
      );
      // Cleared, so a freed place keeps no strings alive.
      refs.fill(undefined, r, r + REFS);
      const following = next[at] as number;
      next[at] = this.free;
      this.free = at;
      at = following;
    }
    chain.head = chain.tail = NONE;
    chain.length = 0;
    return out;
  }

  /** Doubles the places (4,096 at first), chaining the new ones into the free list. */
  private grow(): void {
    const old = this.capacity;
    const capacity = Math.max(4096, old * 2);
    const times = new Float64Array(2 * capacity);
    times.set(this.times);
    const status = new Uint8Array(capacity);
    status.set(this.status);
    const next = new Int32Array(capacity);
    next.set(this.next);
    for (let i = old; i < capacity; i++) next[i] = i + 1 < capacity ? i + 1 : this.free;
    const refs: unknown[] = new Array(capacity * REFS).fill(undefined);
    for (let i = 0; i < this.refs.length; i++) refs[i] = this.refs[i];
    this.refs = refs;
    this.times = times;
    this.status = status;
    this.next = next;
    this.free = old;
    this.capacity = capacity;
  }
}
