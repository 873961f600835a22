const bigintAsText = (_key: string, value: unknown): unknown =>
  typeof value === 'bigint' ? String(value) : value;

/**
 * `JSON.stringify` with a bigint written as its decimal text (an implementation's payload may
 * hold one). The plain call comes first: a replacer slows every call down, and only a bigint
 * makes the plain call throw where the replacer's would not. Still throws on a cycle, or where
 * a `toJSON` throws.
 */
export function jsonText(value: unknown, space?: number): string | undefined {
  try {
    return JSON.stringify(value, null, space);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return JSON.stringify(value, bigintAsText, space);
  }
}
