/**
 * The `contains` match of a carried fact: the fact's text appears, as whole words, in some text
 * of the payload. Case, accents, spacing and punctuation are ignored, so "A-1001" is found in
 * "order #a 1001," but not in "A-10012"; JSON written inside a string is searched as well.
 */
export function payloadContains(payload: unknown, text: string): boolean {
  const needle = normalizeText(text);
  if (needle === '') return false;
  const padded = ` ${needle} `;
  return textsOf(payload, 0).some((t) => ` ${normalizeText(t)} `.includes(padded));
}

/** Lower case, accents removed, every run of characters other than letters and digits one space. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

// Deep enough for any real envelope; a cycle or a pathological nesting stops here.
const MAX_DEPTH = 32;

/** Every string, number and boolean in a value, at any depth, and inside JSON-looking strings. */
function textsOf(value: unknown, depth: number): string[] {
  if (depth > MAX_DEPTH) return [];
  if (typeof value === 'string') return [value, ...textsOf(parsedJson(value), depth + 1)];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (value === null || typeof value !== 'object') return [];
  const items = Array.isArray(value) ? value : Object.values(value);
  return items.flatMap((item) => textsOf(item, depth + 1));
}

/** The value a string holds when it is JSON text of an object, array or string; else undefined. */
function parsedJson(text: string): unknown {
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[' && start !== '"') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
