/** Where one array field of a JSON object lies in its text, and each of its items. */
export interface ArrayFieldScan {
  /** Byte offset of the array's `[`. */
  readonly open: number;
  /** Byte offset of the array's `]`. */
  readonly close: number;
  /** Byte offset and length of each item, in order, without the whitespace around it. */
  readonly offsets: readonly number[];
  readonly lengths: readonly number[];
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** Bytes of a string read one at a time before the rest is searched for natively. */
const SHORT_STRING = 48;

function indexOrEnd(buffer: Buffer, byte: number, from: number): number {
  const at = buffer.indexOf(byte, from);
  return at < 0 ? buffer.length : at;
}

function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}

/**
 * Finds the array that `field` names at the top level of a JSON object text, and where each of
 * its items begins and ends, as the text's bytes stream past in chunks: a report of 100,000
 * cases is read without holding its text or its parse. It only tracks strings and brackets;
 * JSON.parse still reads each piece. Undefined when the text is not that plain shape (no such
 * field, the field twice, an escaped key, unbalanced brackets, an empty item): the caller then
 * parses the whole text, which names what is wrong.
 */
export function scanArrayField(
  chunks: Iterable<Uint8Array>,
  field: string,
): ArrayFieldScan | undefined {
  const key = Buffer.from(field);
  const offsets: number[] = [];
  const lengths: number[] = [];
  let depth = 0;
  let inString = false;
  let escaped = false;
  let keyAt = -1; // bytes of `field` matched so far in a top-level string; -1 once it differs
  let keyMatched = false; // the last top-level string was `field`
  let isField = false; // `field:` was just read, its value comes next
  let open = -1;
  let close = -1;
  let itemStart = -1;
  let last = -1; // the last byte read that is not whitespace, nor inside a string
  let at = 0;
  for (const chunk of chunks) {
    const n = chunk.length;
    const buffer = Buffer.from(chunk.buffer, chunk.byteOffset, n);
    let nextBackslash = -1;
    let i = 0;
    while (i < n) {
      if (inString) {
        if (escaped) {
          escaped = false;
          i++;
          continue;
        }
        let j = i;
        if (keyAt < 0) {
          // Inside a string that is not a key: on to its closing quote or next escape, byte by
          // byte for a short one (most are), by the buffer's own search past that.
          const short = Math.min(n, i + SHORT_STRING);
          for (let b = chunk[j] as number; b !== QUOTE && b !== BACKSLASH && ++j < short; )
            b = chunk[j] as number;
          if (j === short && j < n) {
            if (nextBackslash < j) nextBackslash = indexOrEnd(buffer, BACKSLASH, j);
            j = Math.min(indexOrEnd(buffer, QUOTE, j), nextBackslash);
          }
          if (j >= n) break;
        }
        const b = chunk[j] as number;
        i = j + 1;
        if (b === BACKSLASH) {
          escaped = true;
          keyAt = -1;
        } else if (b === QUOTE) {
          inString = false;
          last = at + j;
          if (depth === 1) keyMatched = keyAt === key.length;
        } else keyAt = key[keyAt] === b ? keyAt + 1 : -1;
        continue;
      }
      let b = chunk[i] as number;
      if (isSpace(b)) {
        // Pretty JSON is half indentation: a run of it in one loop.
        while (++i < n) {
          b = chunk[i] as number;
          if (!isSpace(b)) break;
        }
        if (i >= n) break;
      }
      if (depth === 2 && open >= 0 && close < 0) {
        // An item of the field's array: from its first byte to its last before `,` or `]`.
        if (b === 0x2c || b === 0x5d) {
          if (itemStart < 0) {
            if (b === 0x2c || offsets.length > 0) return undefined;
          } else {
            offsets.push(itemStart);
            lengths.push(last + 1 - itemStart);
            itemStart = -1;
          }
          if (b === 0x5d) {
            close = at + i;
            depth--;
          }
          last = at + i++;
          continue;
        }
        if (itemStart < 0) itemStart = at + i;
      }
      last = at + i++;
      if (b === QUOTE) {
        inString = true;
        keyAt = depth === 1 ? 0 : -1;
      } else if (b === 0x7b || b === 0x5b) {
        if (depth === 1 && b === 0x5b && isField) {
          if (open >= 0) return undefined;
          open = last;
        }
        depth++;
      } else if (b === 0x7d || b === 0x5d) {
        if (--depth < 0) return undefined;
      } else if (depth === 1) {
        isField = b === 0x3a && keyMatched;
        keyMatched = false;
        continue;
      }
      if (depth <= 2) {
        isField = false;
        keyMatched = false;
      }
    }
    at += n;
  }
  if (depth !== 0 || inString || open < 0 || close < 0) return undefined;
  return { open, close, offsets, lengths };
}
