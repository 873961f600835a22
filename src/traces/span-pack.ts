import { type AttrValue, statusOf } from '../normalize/span-record.ts';
import { readHexWords } from './hex-words.ts';
import { attributeValue, spanDefect } from './otlp-spans.ts';
import { nanosToMillis, otlpId } from './otlp-values.ts';

/**
 * Spans, problems and batch ends of a trace file packed into two typed arrays and one list of
 * values, so that they cross from the thread that parses the file to the one that holds traces
 * without the structured clone of every parsed object (which costs as much as parsing it again).
 * Recurring texts (trace ids, names, attribute keys, short values) cross once: the packer keeps a
 * fixed table of them by place and the reader a mirror of it, kept in step by the parts
 * themselves, which are read in the order they were packed.
 */
export interface PackedPart {
  readonly ints: Int32Array;
  readonly nums: Float64Array;
  /** Texts not in the mirror yet, and values that are neither texts nor numbers, in order. */
  readonly vals: unknown[];
}

/** What the next entry of a part is. */
export const SPAN = 1;
/** A problem: `{ line?, message, fix? }` of the file, in its place among the spans. */
export const PROBLEM = 2;
/** The end of one batch of the file (a line, or a run of span objects), with its line number. */
export const BATCH_END = 3;

/** Flags of a span entry. */
export const SPAN_WORDS = 1;
export const HAS_PARENT = 2;
export const PARENT_WORDS = 4;
/** The status above the flags: 0 unset, 1 ok, 2 error. */
export const STATUS_SHIFT = 3;

/** Value tags of an attribute. */
const TEXT = 0;
const NUMBER = 1;
const TRUE = 2;
const FALSE = 3;
const OTHER = 4;

/** A text code: >= 0 a place of the mirror; LITERAL the next value, not kept; below, kept too. */
const LITERAL = -1;
const TABLE_SIZE = 4096;
/** Attribute values longer than this are ids or prose, rarely seen twice: not kept. */
const KEPT_VALUE_LENGTH = 32;

function placeOf(text: string): number {
  const n = text.length;
  return (
    (n * 961 + text.charCodeAt(0) * 31 + text.charCodeAt(n >> 1) * 7 + text.charCodeAt(n - 1)) &
    (TABLE_SIZE - 1)
  );
}

/** Packs raw OTLP/JSON spans (as `readSpanBatches` reads them) into parts. */
export class SpanPacker {
  private ints = new Int32Array(1 << 14);
  private n = 0;
  private nums = new Float64Array(1 << 12);
  private m = 0;
  private vals: unknown[] = [];
  private readonly table: (string | undefined)[] = new Array(TABLE_SIZE).fill(undefined);

  /** Ints packed since the last `take`: how large the part would be. */
  get size(): number {
    return this.n;
  }

  /**
   * Packs one raw span, converted as `toSpanRecord` converts it; a span that cannot become a
   * record is packed as the problem `readTraces` names for it, on `line`.
   */
  span(raw: unknown, line: number): void {
    const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const traceId = otlpId(r.traceId, 16);
    const spanId = otlpId(r.spanId, 8);
    const start = nanosToMillis(r.startTimeUnixNano);
    if (traceId === undefined || spanId === undefined || start === undefined) {
      this.problem({ line, message: spanDefect(raw) ?? 'not a span' });
      return;
    }
    const parentId = otlpId(r.parentSpanId, 8);
    const status = statusOf(r.status);
    this.room(8);
    const flagsAt = this.n + 1;
    this.ints[this.n++] = SPAN;
    this.n++;
    let flags = (status === 'ok' ? 1 : status === 'error' ? 2 : 0) << STATUS_SHIFT;
    this.text(traceId, true);
    if (readHexWords(spanId, this.ints, this.n, 2)) {
      flags |= SPAN_WORDS;
      this.n += 2;
    } else this.text(spanId, false);
    if (parentId !== undefined) {
      flags |= HAS_PARENT;
      this.room(2);
      if (readHexWords(parentId, this.ints, this.n, 2)) {
        flags |= PARENT_WORDS;
        this.n += 2;
      } else this.text(parentId, false);
    }
    this.ints[flagsAt] = flags;
    this.text(typeof r.name === 'string' ? r.name : '', true);
    this.num(start);
    this.num(nanosToMillis(r.endTimeUnixNano) ?? start);
    this.attributes(r.attributes);
  }

  /** Packs a problem in its place among the spans. */
  problem(p: { readonly line?: number; readonly message: string; readonly fix?: string }): void {
    this.room(1);
    this.ints[this.n++] = PROBLEM;
    this.vals.push(p.line, p.message, p.fix);
  }

  /** Marks the end of the batch read from `line`. */
  batchEnd(line: number): void {
    this.room(2);
    this.ints[this.n++] = BATCH_END;
    this.ints[this.n++] = line;
  }

  /** Everything packed since the last take, as one part (its arrays are its own, to transfer). */
  take(): PackedPart {
    const part = {
      ints: this.ints.slice(0, this.n),
      nums: this.nums.slice(0, this.m),
      vals: this.vals,
    };
    this.n = 0;
    this.m = 0;
    this.vals = [];
    return part;
  }

  /** Attribute pairs, as `toSpanRecord` keeps them: a count, then each key and tagged value. */
  private attributes(list: unknown): void {
    this.room(1);
    const countAt = this.n++;
    let count = 0;
    if (Array.isArray(list))
      for (const kv of list) {
        const key = (kv as { key?: unknown } | null)?.key;
        if (typeof key !== 'string') continue;
        const value = attributeValue((kv as { value?: unknown }).value);
        if (value === undefined) continue;
        count++;
        this.text(key, true);
        this.value(value);
      }
    this.ints[countAt] = count;
  }

  private value(value: AttrValue): void {
    this.room(1);
    if (typeof value === 'string') {
      this.ints[this.n++] = TEXT;
      this.text(value, value.length <= KEPT_VALUE_LENGTH);
    } else if (typeof value === 'number') {
      this.ints[this.n++] = NUMBER;
      this.num(value);
    } else if (typeof value === 'boolean') this.ints[this.n++] = value ? TRUE : FALSE;
    else {
      this.ints[this.n++] = OTHER;
      this.vals.push(value);
    }
  }

  /** A text: its place when the reader's mirror has it already, else the text itself. */
  private text(text: string, keep: boolean): void {
    this.room(1);
    if (keep && text.length > 0) {
      const at = placeOf(text);
      if (this.table[at] === text) {
        this.ints[this.n++] = at;
        return;
      }
      this.table[at] = text;
      this.ints[this.n++] = -2 - at;
    } else this.ints[this.n++] = LITERAL;
    this.vals.push(text);
  }

  private num(x: number): void {
    if (this.m === this.nums.length) {
      const wider = new Float64Array(this.nums.length * 2);
      wider.set(this.nums);
      this.nums = wider;
    }
    this.nums[this.m++] = x;
  }

  private room(k: number): void {
    if (this.n + k <= this.ints.length) return;
    const wider = new Int32Array(Math.max(this.ints.length * 2, this.n + k));
    wider.set(this.ints);
    this.ints = wider;
  }
}

/**
 * Reads parts in the order they were packed; one cursor for the whole file, since the mirror of
 * recurring texts carries over from part to part.
 */
export class PackCursor {
  ints: Int32Array = new Int32Array(0);
  /** The next int, number and value to read. */
  i = 0;
  private nums: Float64Array = new Float64Array(0);
  private j = 0;
  private vals: unknown[] = [];
  private k = 0;
  private readonly mirror: string[] = new Array(TABLE_SIZE).fill('');

  /** Starts reading `part`. */
  load(part: PackedPart): void {
    this.ints = part.ints;
    this.i = 0;
    this.nums = part.nums;
    this.j = 0;
    this.vals = part.vals;
    this.k = 0;
  }

  get done(): boolean {
    return this.i >= this.ints.length;
  }

  int(): number {
    return this.ints[this.i++] as number;
  }

  num(): number {
    return this.nums[this.j++] as number;
  }

  text(): string {
    const code = this.ints[this.i++] as number;
    if (code >= 0) return this.mirror[code] as string;
    const text = this.vals[this.k++] as string;
    if (code !== LITERAL) this.mirror[-2 - code] = text;
    return text;
  }

  /** A tagged attribute value. */
  value(): AttrValue {
    const tag = this.ints[this.i++] as number;
    if (tag === TEXT) return this.text();
    if (tag === NUMBER) return this.num();
    if (tag === TRUE) return true;
    if (tag === FALSE) return false;
    return this.vals[this.k++] as AttrValue;
  }

  /** The problem entry whose tag was just read. */
  problem(): { line?: number; message: string; fix?: string } {
    const line = this.vals[this.k++] as number | undefined;
    const message = this.vals[this.k++] as string;
    const fix = this.vals[this.k++] as string | undefined;
    return {
      ...(line === undefined ? {} : { line }),
      message,
      ...(fix === undefined ? {} : { fix }),
    };
  }

  /** Skips the rest of a span entry whose tag, flags and trace id were read (not selected). */
  skipSpan(flags: number): void {
    if (flags & SPAN_WORDS) this.i += 2;
    else this.text();
    if (flags & HAS_PARENT) {
      if (flags & PARENT_WORDS) this.i += 2;
      else this.text();
    }
    this.text();
    this.j += 2;
    for (let count = this.int(); count > 0; count--) {
      this.text();
      this.value();
    }
  }
}
