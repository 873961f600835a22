/** Strings this long or shorter are shared between cases (names, tags, reasons, tool names). */
const MAX_SHARED_LENGTH = 48;
const MAX_SHARED = 50_000;

/**
 * Replaces short strings in parsed data by one shared copy: a suite of 100,000 cases names the
 * same few agents, tags and reasons in every case, and each parse makes its own copy of each.
 * Returns the data, changed in place.
 */
export function internStrings<T>(data: T, pool: Map<string, string>): T {
  const visit = (value: unknown): unknown => {
    if (typeof value === 'string') return share(value, pool);
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) value[i] = visit(value[i]);
    } else if (value !== null && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      for (const key of Object.keys(record)) record[key] = visit(record[key]);
    }
    return value;
  };
  return visit(data) as T;
}

function share(text: string, pool: Map<string, string>): string {
  if (text.length > MAX_SHARED_LENGTH) return text;
  const known = pool.get(text);
  if (known !== undefined) return known;
  if (pool.size < MAX_SHARED) pool.set(text, text);
  return text;
}
