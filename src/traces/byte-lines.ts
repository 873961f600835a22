/** One line of a file: its text, 1-based number and byte range (without the line break). */
export interface ByteLine {
  readonly text: string;
  readonly line: number;
  readonly start: number;
  readonly end: number;
}

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * Splits a stream of byte chunks into lines, keeping byte offsets (readline does not) so that a
 * trace index can read a line back later without reading the file again. Only a line that spans
 * chunks is copied, and only its own bytes; memory is one chunk plus the longest line. A chunk
 * is read to its end before the next is asked for, and nothing of it is kept but such a copy,
 * so the source may read every chunk into the same buffer.
 */
export async function* byteLines(
  chunks: AsyncIterable<Buffer>,
  /** File offset of the first chunk's first byte (past a byte-order mark, say). */
  start = 0,
): AsyncGenerator<ByteLine> {
  let pending: Buffer[] = []; // the start of a line that began in earlier chunks
  let pendingAt = start; // file offset of the first byte of pending
  let offset = start; // file offset of the chunk
  let line = 1;
  for await (const chunk of chunks) {
    let from = 0;
    if (pending.length > 0) {
      const nl = chunk.indexOf(NEWLINE);
      if (nl === -1) {
        pending.push(Buffer.from(chunk));
        offset += chunk.length;
        continue;
      }
      // The line that began earlier ends here: join its pieces, this chunk's head included.
      const joined = Buffer.concat([...pending, chunk.subarray(0, nl)]);
      yield lineOf(joined, 0, joined.length, pendingAt, line++);
      pending = [];
      from = nl + 1;
    }
    for (let nl = chunk.indexOf(NEWLINE, from); nl !== -1; nl = chunk.indexOf(NEWLINE, from)) {
      yield lineOf(chunk, from, nl, offset, line++);
      from = nl + 1;
    }
    if (from < chunk.length) {
      pending.push(Buffer.from(chunk.subarray(from)));
      pendingAt = offset + from;
    }
    offset += chunk.length;
  }
  const rest = Buffer.concat(pending);
  if (rest.length > 0) yield lineOf(rest, 0, rest.length, pendingAt, line);
}

function lineOf(buf: Buffer, from: number, to: number, offset: number, line: number): ByteLine {
  const end = to > from && buf[to - 1] === CARRIAGE_RETURN ? to - 1 : to;
  return { text: buf.toString('utf8', from, end), line, start: offset + from, end: offset + end };
}
