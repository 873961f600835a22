/**
 * Reads a dotted path (`route.to`, `handoffs.0.to`) in parsed JSON; a number segment indexes an
 * array. A leading `$.` is allowed. Undefined when any segment is missing.
 */
export function readPath(value: unknown, path: string): unknown {
  let current = value;
  for (const segment of segmentsOf(path)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

function segmentsOf(path: string): string[] {
  const trimmed = path.startsWith('$.') ? path.slice(2) : path === '$' ? '' : path;
  return trimmed === '' ? [] : trimmed.split('.');
}

/**
 * Splits a path with one `*` segment (`handoffs.*.to`) into the array it iterates and the path
 * inside each element; undefined for a path without `*`.
 */
export function splitStar(path: string): { list: string; item: string } | undefined {
  const segments = segmentsOf(path);
  const at = segments.indexOf('*');
  if (at < 0) return undefined;
  return { list: segments.slice(0, at).join('.'), item: segments.slice(at + 1).join('.') };
}
