import { type AttrValue, type SpanRecord, statusOf } from '../normalize/span-record.ts';
import { hex16, readHexWords } from './hex-words.ts';
import { attributeValue, spanRecord } from './otlp-spans.ts';
import { nanosToMillis, otlpId } from './otlp-values.ts';
import * as pack from './span-pack.ts';

/**
 * One copy of each recurring text. JSON.parse makes a new string for every attribute key it
 * reads (they are values of `key` fields, not property names) and for every name and value
 * longer than a few characters, though most recur (`gen_ai.operation.name`, `execute_tool`,
 * `chat gpt-4o`); a held span keeps the shared copy. A fixed table placed by length and a few
 * characters, not a Map, which would hash every fresh string whole (in profiles that took
 * longer than the rest of holding a span). A text that meets another in its place takes the
 * place; the table never grows.
 */
export class Texts {
  private readonly table: (string | undefined)[];
  private readonly mask: number;

  constructor(size = 4096) {
    this.table = new Array(size).fill(undefined);
    this.mask = size - 1;
  }

  one(text: string): string {
    const n = text.length;
    if (n === 0) return text;
    const at =
      (n * 961 + text.charCodeAt(0) * 31 + text.charCodeAt(n >> 1) * 7 + text.charCodeAt(n - 1)) &
      this.mask;
    const known = this.table[at];
    if (known === text) return known;
    this.table[at] = text;
    return text;
  }
}

/** Where one trace's spans are in a HeldSpanArena: a chain of places, oldest first. */
export interface HeldChain {
  head: number;
  tail: number;
  /** Spans in the chain. */
  count: number;
}

/** No place: the end of a chain, or an empty one. */
const NONE = -1;

/** A chain holding no span yet, for a new trace or conversation. */
export function emptyChain(): HeldChain {
  return { head: NONE, tail: NONE, count: 0 };
}
/** `recordPairs`: the attributes object is held whole, not as pairs. */
const WHOLE = -2;
/** Flags of a place: the span id, the parent id held as two 32-bit words; a parent at all. */
const SPAN_WORDS = 1;
const PARENT_WORDS = 2;
const HAS_PARENT = 4;
/** The status sits above the flags: 0 unset, 1 ok, 2 error. */
const STATUS_SHIFT = 3;
const STATUS = [undefined, 'ok', 'error'] as const;
/**
 * Slots a place takes in `refs`: the trace id (one string a trace, shared by its spans), span id
 * and parent id when not held as words, the name, and a record's attributes object when it is
 * held whole (see `addRecord`).
 */
const REFS = 5;

/**
 * The spans of every trace a reader holds, in a few large arrays shared by all of them, instead
 * of objects and growing arrays of each trace's own. A held span outlives young-generation
 * collections, and every object that does is copied, promoted, and then grows the old
 * generation until a full collection: in profiles of a 1,000,000-span file those copies were
 * most of what the reader promoted. Here the arrays are too large for the young generation and
 * are never copied; places are reused through free lists; an id of 16 hex digits (nearly every
 * OTLP span id) is held as two 32-bit words, not as the string JSON.parse made. A span's
 * attributes are a chain of key and value pairs, the keys and short values shared through
 * `Texts`. `take` builds the SpanRecords exactly as `toSpanRecord` makes them from the raw spans
 * (they then die young) and frees the places.
 */
export class HeldSpanArena {
  private capacity = 0;
  private free = NONE;
  private ids = new Int32Array(0);
  private flags = new Uint8Array(0);
  private times = new Float64Array(0);
  private next = new Int32Array(0);
  private firstPair = new Int32Array(0);
  private refs: unknown[] = [];
  private pairCapacity = 0;
  private pairFree = NONE;
  private pairNext = new Int32Array(0);
  private pairRefs: unknown[] = [];

  /** `firstPlaces`: spans (and twice as many attributes) held before the arrays first grow. */
  constructor(
    private readonly texts = new Texts(),
    private readonly firstPlaces = 4096,
  ) {}

  /**
   * Adds a raw OTLP span of `traceId` whose span id and start were read already to `chain`;
   * returns whether it is a root (no parent). The rest is converted as `toSpanRecord` converts it.
   */
  add(
    chain: HeldChain,
    raw: Record<string, unknown>,
    traceId: string,
    spanId: string,
    start: number,
  ): boolean {
    const parentId = otlpId(raw.parentSpanId, 8);
    const name = typeof raw.name === 'string' ? raw.name : '';
    const end = nanosToMillis(raw.endTimeUnixNano) ?? start;
    const at = this.place(chain, traceId, spanId, parentId, name, start, end, statusOf(raw.status));
    this.firstPair[at] = this.pairsOf(raw.attributes);
    return parentId === undefined;
  }

  /**
   * Adds the span entry `cursor` is reading (its tag, `flags` and trace id read already) to
   * `chain`; returns whether it is a root. Ids packed as words are copied as words; texts come
   * from the cursor's mirror, shared already, so they skip `Texts`.
   */
  addPacked(chain: HeldChain, traceId: string, flags: number, cursor: pack.PackCursor): boolean {
    if (this.free === NONE) this.grow();
    const at = this.free;
    const r = at * REFS;
    const refs = this.refs;
    const ids = this.ids;
    const ints = cursor.ints;
    refs[r] = traceId;
    let held = (flags >> pack.STATUS_SHIFT) << STATUS_SHIFT;
    if (flags & pack.SPAN_WORDS) {
      held |= SPAN_WORDS;
      ids[at * 4] = ints[cursor.i++] as number;
      ids[at * 4 + 1] = ints[cursor.i++] as number;
    } else refs[r + 1] = cursor.text();
    if (flags & pack.HAS_PARENT) {
      held |= HAS_PARENT;
      if (flags & pack.PARENT_WORDS) {
        held |= PARENT_WORDS;
        ids[at * 4 + 2] = ints[cursor.i++] as number;
        ids[at * 4 + 3] = ints[cursor.i++] as number;
      } else refs[r + 2] = cursor.text();
    }
    refs[r + 3] = cursor.text();
    this.times[2 * at] = cursor.num();
    this.times[2 * at + 1] = cursor.num();
    this.flags[at] = held;
    this.link(chain, at);
    let first = NONE;
    let last = NONE;
    for (let count = cursor.int(); count > 0; count--) {
      if (this.pairFree === NONE) this.growPairs();
      const p = this.pairFree;
      this.pairFree = this.pairNext[p] as number;
      this.pairRefs[2 * p] = cursor.text();
      this.pairRefs[2 * p + 1] = cursor.value();
      this.pairNext[p] = NONE;
      if (last === NONE) first = p;
      else this.pairNext[last] = p;
      last = p;
    }
    this.firstPair[at] = first;
    return (flags & pack.HAS_PARENT) === 0;
  }

  /**
   * Adds a span record to `chain`, under `traceId` (equal to the span's own: the caller passes one
   * string a trace, so the span's copy dies young). Its attributes are held as pairs and made
   * again by `take` in the same order; an attributes object that is not a plain one (another
   * prototype, or an own `__proto__` key, which assignment would not make again) is held whole.
   */
  addRecord(chain: HeldChain, span: SpanRecord, traceId = span.traceId): void {
    const at = this.place(
      chain,
      traceId,
      span.spanId,
      span.parentId,
      span.name,
      span.start,
      span.end,
      span.status,
    );
    const pairs = this.recordPairs(span.attributes);
    if (pairs === WHOLE) this.refs[at * REFS + 4] = span.attributes;
    this.firstPair[at] = pairs === WHOLE ? NONE : pairs;
  }

  /** Moves the spans of `from` to the end of `to`, leaving `from` empty. */
  append(to: HeldChain, from: HeldChain): void {
    if (from.head === NONE) return;
    if (to.tail === NONE) to.head = from.head;
    else this.next[to.tail] = from.head;
    to.tail = from.tail;
    to.count += from.count;
    from.head = from.tail = NONE;
    from.count = 0;
  }

  /** A free place at the end of `chain`, holding everything of a span but its attributes. */
  private place(
    chain: HeldChain,
    traceId: string,
    spanId: string,
    parentId: string | undefined,
    name: string,
    start: number,
    end: number,
    status: 'ok' | 'error' | undefined,
  ): number {
    if (this.free === NONE) this.grow();
    const at = this.free;
    let flags = statusCode(status) << STATUS_SHIFT;
    const r = at * REFS;
    const refs = this.refs;
    refs[r] = traceId;
    if (readHexWords(spanId, this.ids, at * 4, 2)) flags |= SPAN_WORDS;
    else refs[r + 1] = spanId;
    if (parentId !== undefined) {
      flags |= HAS_PARENT;
      if (readHexWords(parentId, this.ids, at * 4 + 2, 2)) flags |= PARENT_WORDS;
      else refs[r + 2] = parentId;
    }
    refs[r + 3] = this.texts.one(name);
    this.flags[at] = flags;
    this.times[2 * at] = start;
    this.times[2 * at + 1] = end;
    this.link(chain, at);
    return at;
  }

  /** Takes the free place `at` (the head of the free list) to the end of `chain`. */
  private link(chain: HeldChain, at: number): void {
    const next = this.next;
    this.free = next[at] as number;
    next[at] = NONE;
    if (chain.tail === NONE) chain.head = at;
    else next[chain.tail] = at;
    chain.tail = at;
    chain.count++;
  }

  /** The chain's spans as SpanRecords, in the order added; frees their places. */
  take(chain: HeldChain): SpanRecord[] {
    const out: SpanRecord[] = new Array(chain.count);
    const { refs, ids, flags, times, next, firstPair, pairRefs, pairNext } = this;
    for (let i = 0, at = chain.head; at !== NONE; i++) {
      const r = at * REFS;
      const f = flags[at] as number;
      const attributes = (refs[r + 4] as Record<string, AttrValue | undefined> | undefined) ?? {};
      let p = firstPair[at] as number;
      if (p !== NONE) {
        let last = p;
        for (; p !== NONE; p = pairNext[p] as number) {
          attributes[pairRefs[2 * p] as string] = pairRefs[2 * p + 1] as AttrValue;
          pairRefs[2 * p] = pairRefs[2 * p + 1] = undefined;
          last = p;
        }
        pairNext[last] = this.pairFree;
        this.pairFree = firstPair[at] as number;
      }
      out[i] = spanRecord(
        refs[r] as string,
        f & SPAN_WORDS ? hex16(ids, at * 4) : (refs[r + 1] as string),
        f & HAS_PARENT
          ? f & PARENT_WORDS
            ? hex16(ids, at * 4 + 2)
            : (refs[r + 2] as string)
          : undefined,
        refs[r + 3] as string,
        times[2 * at] as number,
        times[2 * at + 1] as number,
        attributes,
        STATUS[f >> STATUS_SHIFT],
      );
      // Cleared, so a freed place keeps no strings alive.
      refs[r] = refs[r + 1] = refs[r + 2] = refs[r + 3] = refs[r + 4] = undefined;
      const following = next[at] as number;
      next[at] = this.free;
      this.free = at;
      at = following;
    }
    chain.head = chain.tail = NONE;
    chain.count = 0;
    return out;
  }

  /** The attribute list as a chain of pairs (first place, or NONE), converted as a record keeps it. */
  private pairsOf(list: unknown): number {
    if (!Array.isArray(list)) return NONE;
    let first = NONE;
    let last = NONE;
    for (const kv of list) {
      const key = (kv as { key?: unknown } | null)?.key;
      if (typeof key !== 'string') continue;
      const value = attributeValue((kv as { value?: unknown }).value);
      if (value === undefined) continue;
      last = this.pair(this.texts.one(key), value, last);
      if (first === NONE) first = last;
    }
    return first;
  }

  /**
   * A record's attributes as a chain of pairs (first place, or NONE when it has none), or WHOLE
   * when the object is to be held as it is.
   */
  private recordPairs(attributes: SpanRecord['attributes']): number {
    if (
      Object.getPrototypeOf(attributes) !== Object.prototype ||
      Object.hasOwn(attributes, '__proto__')
    )
      return WHOLE;
    let first = NONE;
    let last = NONE;
    for (const key in attributes) {
      last = this.pair(this.texts.one(key), attributes[key], last);
      if (first === NONE) first = last;
    }
    return first;
  }

  /**
   * A free pair holding `key` and `value` (a short string value shared through `Texts`), linked
   * after the pair `after` (NONE: it starts a chain).
   */
  private pair(key: string, value: AttrValue | undefined, after: number): number {
    if (this.pairFree === NONE) this.growPairs();
    const p = this.pairFree;
    this.pairFree = this.pairNext[p] as number;
    this.pairRefs[2 * p] = key;
    // Short string values are the ones that recur (operations, models, agents), not ids.
    this.pairRefs[2 * p + 1] =
      typeof value === 'string' && value.length <= 32 ? this.texts.one(value) : value;
    this.pairNext[p] = NONE;
    if (after !== NONE) this.pairNext[after] = p;
    return p;
  }

  /** Doubles the places, chaining the new ones into the free list. */
  private grow(): void {
    const old = this.capacity;
    const capacity = Math.max(this.firstPlaces, old * 2);
    this.ids = widened(this.ids, new Int32Array(4 * capacity));
    this.flags = widened(this.flags, new Uint8Array(capacity));
    this.times = widened(this.times, new Float64Array(2 * capacity));
    this.firstPair = widened(this.firstPair, new Int32Array(capacity));
    this.next = chained(this.next, capacity, this.free);
    this.refs = widenedRefs(this.refs, capacity * REFS);
    this.free = old;
    this.capacity = capacity;
  }

  private growPairs(): void {
    const old = this.pairCapacity;
    const capacity = Math.max(2 * this.firstPlaces, old * 2);
    this.pairNext = chained(this.pairNext, capacity, this.pairFree);
    this.pairRefs = widenedRefs(this.pairRefs, capacity * 2);
    this.pairFree = old;
    this.pairCapacity = capacity;
  }
}

function statusCode(status: 'ok' | 'error' | undefined): number {
  return status === 'ok' ? 1 : status === 'error' ? 2 : 0;
}

function widened<T extends Int32Array | Uint8Array | Float64Array>(from: T, to: T): T {
  to.set(from as never);
  return to;
}

/** `from` grown to `capacity` places, the new ones chained in order and then to `free`. */
function chained(
  from: Int32Array<ArrayBuffer>,
  capacity: number,
  free: number,
): Int32Array<ArrayBuffer> {
  const next = widened(from, new Int32Array(capacity));
  for (let i = from.length; i < capacity; i++) next[i] = i + 1 < capacity ? i + 1 : free;
  return next;
}

function widenedRefs(from: unknown[], length: number): unknown[] {
  const refs: unknown[] = new Array(length).fill(undefined);
  for (let i = 0; i < from.length; i++) refs[i] = from[i];
  return refs;
}
