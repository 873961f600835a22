/** Strings this long or shorter are shared between cases (names, tags, reasons, tool names). */
const MAX_SHARED_LENGTH = 48;
const MAX_SHARED = 50_000;

/**
 * Replaces short strings in parsed data by one shared copy: a suite of 100,000 cases names the
 * same few agents, tags and reasons in every case, and each parse makes its own copy of each.
 * Every string kept is its own copy, not a slice of the file's text: a parser's substring keeps
 * the whole text alive, so one id or message would hold the file in memory for the whole run.
 * Returns the data, changed in place.
 */
export function internStrings<T>(data: T, pool: Map<string, string>): T {
  const visit = (value: unknown): unknown => {
    if (typeof value === 'string') return share(value, pool);
    if (typeof value !== 'object' || value === null) return value;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) value[i] = visit(value[i]);
      return value;
    }
    // Parsed data: plain objects with own keys only. Numbers, booleans and nulls stay in place.
    const record = value as Record<string, unknown>;
    for (const key in record) {
      const child = record[key];
      if (typeof child === 'string' || (typeof child === 'object' && child !== null))
        record[key] = visit(child);
    }
    return value;
  };
  return visit(data) as T;
}

/** One shared copy of a short string, or a copy of a long one that holds no larger string. */
export function share(text: string, pool: Map<string, string>): string {
  if (text.length > MAX_SHARED_LENGTH) return own(text);
  const known = pool.get(text);
  if (known !== undefined) return known;
  const copy = own(text);
  if (pool.size < MAX_SHARED) pool.set(copy, copy);
  return copy;
}

/** Shorter substrings are copied by the engine; longer ones may point into their parent. */
const MIN_SLICE_LENGTH = 13;

/**
 * A copy of `text` that holds no reference to a larger string: slicing a string one longer
 * makes the engine flatten it into a string of its own first (several times cheaper than a
 * round trip through JSON).
 */
function own(text: string): string {
  return text.length < MIN_SLICE_LENGTH ? text : ` ${text}`.slice(1);
}
