/** Where observed arguments first differ from the expected subset. */
export interface ArgsMismatch {
  /** `amount`, `items[0].sku`; empty when the arguments as a whole are not an object. */
  readonly path: string;
  readonly expected: unknown;
  /** undefined: the argument is absent. */
  readonly received?: unknown;
}

/**
 * Do observed arguments carry the expected ones? A subset match: every expected key must be
 * present with a matching value; other keys may be there too. Objects match key by key at any
 * depth, arrays element by element with the same length; scalars compare as text (750 = "750",
 * true = "true"), as `carry` does. Returns the first difference, or undefined when they match.
 */
export function argsMismatch(
  expected: Readonly<Record<string, unknown>> | undefined,
  observed: unknown,
): ArgsMismatch | undefined {
  if (expected === undefined) return undefined;
  return mismatchAt('', expected, observed);
}

function mismatchAt(path: string, want: unknown, got: unknown): ArgsMismatch | undefined {
  const miss = (): ArgsMismatch => ({
    path,
    expected: want,
    ...(got !== undefined && { received: got }),
  });
  if (Array.isArray(want)) {
    if (!Array.isArray(got) || got.length !== want.length) return miss();
    for (const [i, item] of want.entries()) {
      const inner = mismatchAt(`${path}[${i}]`, item, got[i]);
      if (inner) return inner;
    }
    return undefined;
  }
  if (want !== null && typeof want === 'object') {
    if (got === null || typeof got !== 'object' || Array.isArray(got)) return miss();
    for (const [key, value] of Object.entries(want)) {
      const inner = mismatchAt(
        path === '' ? key : `${path}.${key}`,
        value,
        (got as Record<string, unknown>)[key],
      );
      if (inner) return inner;
    }
    return undefined;
  }
  if (want === null) return got === null ? undefined : miss();
  if (got === null || got === undefined || typeof got === 'object') return miss();
  return String(want) === String(got) ? undefined : miss();
}
