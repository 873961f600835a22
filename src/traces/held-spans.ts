import { type AttrValue, type SpanRecord, statusOf } from '../normalize/span-record.ts';
import { attributeValue, spanRecord } from './otlp-spans.ts';
import { nanosToMillis, otlpId } from './otlp-values.ts';

/** Slots a span takes in `refs` before its attributes: span id, parent id, name, status, count. */
const FIXED = 5;

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

/**
 * One trace's spans while a reader holds them, in two arrays instead of a record object (with
 * an attributes object and two boxed times) a span. A held span outlives young-generation
 * collections, and the collector copies every object that does, twice; here what is copied is
 * the span's own strings and a few array slots. `records` builds the SpanRecords exactly as
 * `toSpanRecord` would have, when the trace is handed out (they then die young).
 */
export class HeldSpans {
  /** Per span: span id, parent id, name, status, attribute count, then key and value pairs. */
  private readonly refs: unknown[] = [];
  /** Per span: start and end, unboxed in a double array. */
  private readonly times: number[] = [];
  /** Spans held. */
  count = 0;

  /**
   * Adds a raw OTLP span whose trace id, span id and start were read already; returns whether
   * it is a root (no parent). The rest is converted as `toSpanRecord` converts it.
   */
  add(raw: Record<string, unknown>, spanId: string, start: number, texts: Texts): boolean {
    const parentId = otlpId(raw.parentSpanId, 8);
    const refs = this.refs;
    const at = refs.length;
    refs.push(
      spanId,
      parentId,
      typeof raw.name === 'string' ? texts.one(raw.name) : '',
      statusOf(raw.status),
      0,
    );
    this.times.push(start, nanosToMillis(raw.endTimeUnixNano) ?? start);
    const list = raw.attributes;
    if (Array.isArray(list)) {
      let n = 0;
      for (const kv of list) {
        const key = (kv as { key?: unknown } | null)?.key;
        if (typeof key !== 'string') continue;
        const value = attributeValue((kv as { value?: unknown }).value);
        if (value === undefined) continue;
        // Short string values are the ones that recur (operations, models, agents), not ids.
        refs.push(
          texts.one(key),
          typeof value === 'string' && value.length <= 32 ? texts.one(value) : value,
        );
        n++;
      }
      refs[at + FIXED - 1] = n;
    }
    this.count++;
    return parentId === undefined;
  }

  /** The held spans as SpanRecords of `traceId`, in the order they were added. */
  records(traceId: string): SpanRecord[] {
    const { refs, times } = this;
    const out: SpanRecord[] = new Array(this.count);
    for (let s = 0, i = 0; s < this.count; s++) {
      const n = refs[i + FIXED - 1] as number;
      const attributes: Record<string, AttrValue | undefined> = {};
      for (let a = i + FIXED, stop = a + 2 * n; a < stop; a += 2)
        attributes[refs[a] as string] = refs[a + 1] as AttrValue;
      out[s] = spanRecord(
        traceId,
        refs[i] as string,
        refs[i + 1] as string | undefined,
        refs[i + 2] as string,
        times[2 * s] as number,
        times[2 * s + 1] as number,
        attributes,
        refs[i + 3] as 'ok' | 'error' | undefined,
      );
      i += FIXED + 2 * n;
    }
    return out;
  }
}
