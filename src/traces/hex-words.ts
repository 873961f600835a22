/**
 * Ids of lowercase hex digits held as 32-bit words (8 digits a word) in typed arrays, instead of
 * strings: a trace id is four words, a span id two.
 */

const DIGIT_CODES = Int32Array.from('0123456789abcdef', (d) => d.charCodeAt(0));

/**
 * Writes `text` into `words` from `at` as `count` words when it is exactly `8 * count` lowercase
 * hex digits, and returns true; false (words partly written) for any other text.
 */
export function readHexWords(text: string, words: Int32Array, at: number, count: number): boolean {
  if (text.length !== 8 * count) return false;
  for (let k = 0; k < count; k++) {
    let word = 0;
    for (let i = k * 8; i < k * 8 + 8; i++) {
      const c = text.charCodeAt(i);
      const d = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : -1;
      if (d < 0) return false;
      word = (word << 4) | d;
    }
    words[at + k] = word;
  }
  return true;
}

/** The two words at `at` as the 16 lowercase hex digits `readHexWords` read them from. */
export function hex16(words: Int32Array, at: number): string {
  const a = words[at] as number;
  const b = words[at + 1] as number;
  const d = DIGIT_CODES;
  // One call with every code: the string comes out flat, as JSON.parse would have made it.
  return String.fromCharCode(
    d[(a >>> 28) & 15] as number,
    d[(a >>> 24) & 15] as number,
    d[(a >>> 20) & 15] as number,
    d[(a >>> 16) & 15] as number,
    d[(a >>> 12) & 15] as number,
    d[(a >>> 8) & 15] as number,
    d[(a >>> 4) & 15] as number,
    d[a & 15] as number,
    d[(b >>> 28) & 15] as number,
    d[(b >>> 24) & 15] as number,
    d[(b >>> 20) & 15] as number,
    d[(b >>> 16) & 15] as number,
    d[(b >>> 12) & 15] as number,
    d[(b >>> 8) & 15] as number,
    d[(b >>> 4) & 15] as number,
    d[b & 15] as number,
  );
}
