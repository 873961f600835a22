import { type FileHandle, open } from 'node:fs/promises';
import { extname } from 'node:path';
import { byteLines } from './byte-lines.ts';
import { type LostSpans, lostSpans } from './lost-spans.ts';
import { rawSpansOf } from './otlp-spans.ts';
import { SpanObjectScanner } from './span-object-scanner.ts';
import { encodingDefect, openDefect, shownPath, TraceFileError, UTF8_BOM } from './trace-file.ts';

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
  /** How to fix it, when Baton knows. */
  readonly fix?: string;
  /** For a place that is not valid JSON: whose spans it still shows it held (`lostSpans`). */
  readonly lost?: LostSpans;
}

export type OnProblem = (problem: TraceProblem) => void;

const CHUNK = 1 << 20;
const LINE_EXTENSIONS = new Set(['.jsonl', '.ndjson']);
/** OTLP export requests of other signals: a Collector may write them to the same file. */
const OTHER_SIGNALS = ['resourceMetrics', 'resourceLogs', 'resourceProfiles'];
const LINE_FIX =
  'repair or remove the line (each line must be one whole OTLP/JSON export request), or export the file again';

/**
 * Streams the spans of an OTLP/JSON file: JSON lines (one export request a line, as the
 * Collector's file exporter writes) or one JSON document of any size, pretty-printed or not.
 * Memory is one chunk plus one line (or one span): a large file never has to fit in memory.
 * A malformed line is a problem naming the file and line; the other lines are still read. A
 * leading UTF-8 byte-order mark is skipped (byte ranges still count it). A file that cannot be
 * read at all (missing, a folder, gzip or zstd, UTF-16) throws a `TraceFileError`.
 */
export async function* readSpanBatches(
  file: string,
  onProblem: OnProblem,
): AsyncGenerator<SpanBatch> {
  const chunks = fileChunks(file);
  const first = await chunks.next();
  if (first.done) return;
  const defect = encodingDefect(first.value, shownPath(file));
  if (defect) {
    await chunks.return(undefined);
    throw new TraceFileError(file, defect);
  }
  const bom = first.value.subarray(0, UTF8_BOM.length).equals(UTF8_BOM) ? UTF8_BOM.length : 0;
  const head = first.value.subarray(bom);
  const rest = (async function* () {
    yield head;
    for (let c = await chunks.next(); !c.done; c = await chunks.next()) yield c.value;
  })();
  try {
    if (LINE_EXTENSIONS.has(extname(file).toLowerCase()) || startsWithJsonLine(head))
      yield* lineBatches(file, rest, bom, onProblem);
    else yield* documentBatches(file, rest, bom, onProblem);
  } finally {
    // A reader that stops early (it found what it wanted) closes the file.
    await chunks.return(undefined);
  }
}

/**
 * The file's chunks, each read into the same buffer (so reading a large file leaves no trail of
 * buffers for the collector): a chunk is valid until the next is asked for. A failed open or
 * read is a `TraceFileError` naming the file and the fix.
 */
async function* fileChunks(file: string): AsyncGenerator<Buffer, void, undefined> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(file, 'r');
    const buffer = Buffer.allocUnsafeSlow(CHUNK);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, CHUNK, null);
      if (bytesRead === 0) return;
      yield buffer.subarray(0, bytesRead);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === undefined) throw error;
    throw new TraceFileError(file, openDefect(error, shownPath(file)));
  } finally {
    await handle?.close();
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
  offset: number,
  onProblem: OnProblem,
): AsyncGenerator<SpanBatch> {
  for await (const l of byteLines(chunks, offset)) {
    if (l.text.trim() === '') continue;
    let request: unknown;
    try {
      request = JSON.parse(l.text);
    } catch (error) {
      const message = `not valid JSON (${jsonError(error)})`;
      const lost = lostSpans(l.text);
      onProblem({ file, line: l.line, message, fix: LINE_FIX, ...(lost && { lost }) });
      continue;
    }
    if (typeof request !== 'object' || request === null || !('resourceSpans' in request)) {
      // A Collector's metrics or logs in the same file hold no spans: not a problem.
      if (isOtherSignal(request)) continue;
      const message = 'not an OTLP export request (no resourceSpans)';
      onProblem({ file, line: l.line, message, fix: LINE_FIX });
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
  offset: number,
  onProblem: OnProblem,
): AsyncGenerator<SpanBatch> {
  const scanner = new SpanObjectScanner(offset);
  for await (const chunk of chunks) {
    for (const s of scanner.push(chunk)) {
      let raw: unknown;
      try {
        raw = JSON.parse(s.bytes.toString('utf8'));
      } catch (error) {
        const lost = lostSpans(s.bytes.toString('utf8'));
        onProblem({
          file,
          line: s.line,
          message: `span is not valid JSON (${jsonError(error)})`,
          fix: 'repair the span or export the file again',
          ...(lost && { lost }),
        });
        continue;
      }
      const range = { start: s.start, end: s.end, kind: 'spans' } as const;
      yield { raw: [raw], line: s.line, range, list: s.list, index: s.index };
    }
  }
  const problem = scanner.finish();
  if (problem)
    onProblem({
      file,
      line: scanner.problemLine,
      message: problem,
      fix: 'the file must be OTLP/JSON: JSON lines of export requests, or one export request document',
    });
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

function isOtherSignal(request: unknown): boolean {
  return typeof request === 'object' && request !== null && OTHER_SIGNALS.some((k) => k in request);
}

/**
 * JSON.parse's complaint without the snippet of text V8 quotes (`"root:x:0:0"... is not valid
 * JSON`): a path that strays onto another file must not copy its contents into a report. An
 * invisible character it names (`Unexpected token '\u200b'`) is written as its code.
 */
export function jsonError(error: unknown): string {
  const message = error instanceof Error ? error.message : 'unreadable';
  return message
    .replace(/,\s*".*is not valid JSON\s*$/s, '')
    .replace(INVISIBLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .trim();
}

// Controls, format characters and separators a terminal shows as nothing.
const INVISIBLE_CHARS =
  '\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u206f\\ufeff';
const INVISIBLE = new RegExp(`[${INVISIBLE_CHARS}]`, 'g');
