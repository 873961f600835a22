import { jsonText } from './json-text.ts';

/** Distinct values remembered: a report's cases repeat a few shapes, ids aside. */
const MAX_VALUES = 10_000;

/**
 * One copy of each JSON value met again: `one(v)` gives the first value seen with the same JSON
 * text as `v`, else keeps `v`. For what is kept of every case read from a report file: parsed
 * apart, each case brings its own copy of parts most cases share (a tally, the codes of its
 * findings, what its runs measured), which would otherwise be held 100,000 times over. Only
 * for values nobody mutates; after MAX_VALUES distinct texts, new ones are kept as they are.
 */
export class SharedValues {
  private readonly known = new Map<string, unknown>();

  one<T>(value: T): T {
    const key = textOf(value);
    if (key === undefined) return value;
    const known = this.known.get(key);
    if (known !== undefined) return known as T;
    if (this.known.size < MAX_VALUES) this.known.set(key, value);
    return value;
  }
}

/** The JSON text of `value`; undefined for one JSON cannot write (a cycle, say): kept as it is. */
function textOf(value: unknown): string | undefined {
  try {
    return jsonText(value);
  } catch {
    return undefined;
  }
}
