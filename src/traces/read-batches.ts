import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { extname } from 'node:path';
import { byteLines } from './byte-lines.ts';
import { rawSpansOf } from './otlp-spans.ts';
import { SpanObjectScanner } from './span-object-scanner.ts';

/** Where spans are in a file, so an index can read them back: a line, or a run of span objects. */
export interface StoredRange {
  readonly start: number;
  readonly end: number;
  /** `request`: one OTLP export request (a JSON line); `spans`: span objects separated by commas. */
  readonly kind: 'request' | 'spans';
}

/** Spans read from one place in a file, still raw OTLP/JSON objects. */
export interface SpanBatch {
  readonly raw: readonly unknown[];
  readonly line: number;
  readonly range: StoredRange;
  /** For `spans` ranges: which spans array and index, so adjacent spans can share a range. */
  readonly list?: number;
  readonly index?: number;
}

/** Something wrong in a trace file; the rest of the file is still read. */
export interface TraceProblem {
  readonly file: string;
  readonly line?: number;
  readonly message: string;
}

export type OnProblem = (problem: TraceProblem) => void;

const CHUNK = 1 << 20;
const LINE_EXTENSIONS = new Set(['.jsonl', '.ndjson']);

/**
 * Streams the spans of an OTLP/JSON file: JSON lines (one export request a line, as the
 * Collector's file exporter writes) or one JSON document of any size, pretty-printed or not.
 * Memory is one chunk plus one line (or one span): a large file never has to fit in memory.
 * A malformed line is a problem naming the file and line; the other lines are still read.
 */
export async function* readSpanBatches(
  file: string,
  onProblem: OnProblem,
): AsyncGenerator<SpanBatch> {
  const chunks = createReadStream(file, { highWaterMark: CHUNK })[Symbol.asyncIterator]();
  const first = await chunks.next();
  if (first.done) return;
  const rest = (async function* () {
    yield first.value as Buffer;
    for (let c = await chunks.next(); !c.done; c = await chunks.next()) yield c.value as Buffer;
  })();
  try {
    if (LINE_EXTENSIONS.has(extname(file).toLowerCase()) || startsWithJsonLine(first.value))
      yield* lineBatches(file, rest, onProblem);
    else yield* documentBatches(file, rest, onProblem);
  } finally {
    // A reader that stops early (it found what it wanted) closes the file.
    await chunks.return?.();
  }
}

/** True when the first line is complete and is JSON by itself: the file is JSON lines. */
function startsWithJsonLine(chunk: Buffer): boolean {
  const nl = chunk.indexOf(0x0a);
  const text = chunk.toString('utf8', 0, nl === -1 ? chunk.length : nl).trim();
  if (text === '' || (nl === -1 && chunk.length === CHUNK)) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

async function* lineBatches(
  file: string,
  chunks: AsyncIterable<Buffer>,
  onProblem: OnProblem,
): AsyncGenerator<SpanBatch> {
  for await (const l of byteLines(chunks)) {
    if (l.text.trim() === '') continue;
    let request: unknown;
    try {
      request = JSON.parse(l.text);
    } catch (error) {
      onProblem({ file, line: l.line, message: `not valid JSON (${jsonError(error)})` });
      continue;
    }
    if (typeof request !== 'object' || request === null || !('resourceSpans' in request)) {
      onProblem({ file, line: l.line, message: 'not an OTLP export request (no resourceSpans)' });
      continue;
    }
    yield {
      raw: rawSpansOf(request),
      line: l.line,
      range: { start: l.start, end: l.end, kind: 'request' },
    };
  }
}

async function* documentBatches(
  file: string,
  chunks: AsyncIterable<Buffer>,
  onProblem: OnProblem,
): AsyncGenerator<SpanBatch> {
  const scanner = new SpanObjectScanner();
  for await (const chunk of chunks) {
    for (const s of scanner.push(chunk)) {
      let raw: unknown;
      try {
        raw = JSON.parse(s.bytes.toString('utf8'));
      } catch (error) {
        onProblem({
          file,
          line: s.line,
          message: `span is not valid JSON (${jsonError(error)})`,
        });
        continue;
      }
      const range = { start: s.start, end: s.end, kind: 'spans' } as const;
      yield { raw: [raw], line: s.line, range, list: s.list, index: s.index };
    }
  }
  const problem = scanner.finish();
  if (problem) onProblem({ file, line: scanner.problemLine, message: problem });
}

/** Reads stored ranges back (sorted, each once) and returns their raw spans. */
export async function readRanges(file: string, ranges: readonly StoredRange[]): Promise<unknown[]> {
  const handle = await open(file, 'r');
  try {
    const out: unknown[] = [];
    for (const r of ranges) {
      const buf = Buffer.alloc(r.end - r.start);
      await handle.read(buf, 0, buf.length, r.start);
      const text = buf.toString('utf8');
      // Loops, not push(...): one export line may hold more spans than a call takes arguments.
      const raw = r.kind === 'request' ? rawSpansOf(JSON.parse(text)) : JSON.parse(`[${text}]`);
      for (const span of raw as unknown[]) out.push(span);
    }
    return out;
  } finally {
    await handle.close();
  }
}

/**
 * JSON.parse's complaint without the snippet of text V8 quotes (`"root:x:0:0"... is not valid
 * JSON`): a path that strays onto another file must not copy its contents into a report.
 */
function jsonError(error: unknown): string {
  const message = error instanceof Error ? error.message : 'unreadable';
  return message.replace(/,?\s*"(?:[^"\\]|\\.)*"(?:\.\.\.)?\s*is not valid JSON/, '').trim();
}
