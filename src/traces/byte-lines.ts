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
 * chunks is copied, once; memory is one chunk plus the longest line.
 */
export async function* byteLines(chunks: AsyncIterable<Buffer>): AsyncGenerator<ByteLine> {
  let pending: Buffer[] = []; // the start of a line that began in earlier chunks
  let offset = 0; // file offset of the first byte of pending (or of the chunk when none)
  let line = 1;
  for await (const chunk of chunks) {
    if (chunk.indexOf(NEWLINE) === -1) {
      pending.push(chunk);
      continue;
    }
    const buf = pending.length > 0 ? Buffer.concat([...pending, chunk]) : chunk;
    pending = [];
    let from = 0;
    for (let nl = buf.indexOf(NEWLINE); nl !== -1; nl = buf.indexOf(NEWLINE, from)) {
      yield lineOf(buf, from, nl, offset, line++);
      from = nl + 1;
    }
    if (from < buf.length) pending.push(buf.subarray(from));
    offset += from;
  }
  const rest = Buffer.concat(pending);
  if (rest.length > 0) yield lineOf(rest, 0, rest.length, offset, line);
}

function lineOf(buf: Buffer, from: number, to: number, offset: number, line: number): ByteLine {
  const end = to > from && buf[to - 1] === CARRIAGE_RETURN ? to - 1 : to;
  return { text: buf.toString('utf8', from, end), line, start: offset + from, end: offset + end };
}
