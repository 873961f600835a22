/** A file's bytes as text, or the line of the first byte that is not valid UTF-8. */
export type Decoded = { ok: true; text: string } | { ok: false; line: number };

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * Decodes a user's file: UTF-8 (a byte-order mark is dropped), or UTF-16 when the file starts
 * with a UTF-16 byte-order mark, as some Windows editors save it. Invalid UTF-8 is refused with
 * its line rather than read as replacement characters that would then fail obscurely.
 */
export function decodeText(bytes: Uint8Array): Decoded {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return utf16(bytes, 'utf-16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return utf16(bytes, 'utf-16be');
  try {
    return { ok: true, text: utf8.decode(bytes) };
  } catch {
    return { ok: false, line: lineOfBadByte(bytes) };
  }
}

function utf16(bytes: Uint8Array, encoding: 'utf-16le' | 'utf-16be'): Decoded {
  return { ok: true, text: new TextDecoder(encoding).decode(bytes) };
}

function lineOfBadByte(bytes: Uint8Array): number {
  const text = new TextDecoder('utf-8').decode(bytes);
  const bad = text.indexOf('\uFFFD');
  let line = 1;
  for (let i = 0; i < bad; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
