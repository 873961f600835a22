import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  idOf,
  jsonDocument,
  jsonLines,
  type SpanSpec,
} from '../../test/fixtures/traces/otlp-writer.ts';
import {
  jsonError,
  readRanges,
  readSpanBatches,
  type SpanBatch,
  type TraceProblem,
} from './read-batches.ts';
import { TraceFileError } from './trace-file.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'baton-batches-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function file(name: string, bytes: string | Uint8Array): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
}

async function read(path: string) {
  const batches: SpanBatch[] = [];
  const problems: TraceProblem[] = [];
  for await (const b of readSpanBatches(path, (p) => problems.push(p))) batches.push(b);
  return { batches, problems };
}

const span = (label: string): SpanSpec => ({
  traceId: idOf(label, 16),
  spanId: idOf(`${label}/s`, 8),
  name: label,
  start: 1000,
  end: 1001,
});
const BOM = '\uFEFF';
const spanIds = (batches: readonly SpanBatch[]) =>
  batches.flatMap((b) => b.raw.map((s) => (s as { spanId: string }).spanId));

describe('readSpanBatches and a UTF-8 byte-order mark', () => {
  it('reads the first line of a JSON-lines file that starts with one, and its range reads back', async () => {
    const path = await file('bom.jsonl', `${BOM}${jsonLines([[span('a')], [span('b')]])}`);

    const { batches, problems } = await read(path);

    expect(problems).toEqual([]);
    expect(spanIds(batches)).toEqual([idOf('a/s', 8), idOf('b/s', 8)]);
    expect(batches[0]?.range.start).toBe(3);
    expect(
      spanIds([
        {
          ...(batches[0] as SpanBatch),
          raw: await readRanges(path, [(batches[0] as SpanBatch).range]),
        },
      ]),
    ).toEqual([idOf('a/s', 8)]);
  });

  it('reads a JSON-lines file without the .jsonl name that starts with one', async () => {
    const path = await file('bom-export.txt', `${BOM}${jsonLines([[span('a')], [span('b')]])}`);

    const { batches, problems } = await read(path);

    expect(problems).toEqual([]);
    expect(batches.map((b) => b.range.kind)).toEqual(['request', 'request']);
  });

  it('reads a pretty-printed document that starts with one, its span ranges reading back', async () => {
    const path = await file('bom.json', `${BOM}${jsonDocument([span('a'), span('b')])}`);

    const { batches, problems } = await read(path);

    expect(problems).toEqual([]);
    expect(spanIds(batches)).toEqual([idOf('a/s', 8), idOf('b/s', 8)]);
    const back = await readRanges(
      path,
      batches.map((b) => b.range),
    );
    expect(back.map((s) => (s as { spanId: string }).spanId)).toEqual(spanIds(batches));
  });
});

describe('readSpanBatches on a file it cannot read at all', () => {
  it('says a gzip file is compressed and how to decompress it', async () => {
    const path = await file('t.jsonl.gz', gzipSync(jsonLines([[span('a')]])));

    const error = await read(path).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(TraceFileError);
    expect((error as TraceFileError).code).toBe('file.unreadable');
    expect((error as TraceFileError).message).toBe(
      `${path}: this file is gzip-compressed, and Baton reads OTLP/JSON text. Fix: decompress it first (gunzip -k ${path}) and pass the file gunzip writes`,
    );
  });

  it('names a missing file and a folder in one line each, with the fix', async () => {
    const folder = join(dir, 'folder');
    await mkdir(folder);

    const missing = await read(join(dir, 'nope.jsonl')).catch((e: unknown) => e);
    const isFolder = await read(folder).catch((e: unknown) => e);

    expect(missing).toBeInstanceOf(TraceFileError);
    expect((missing as TraceFileError).code).toBe('file.not_found');
    expect((missing as Error).message).toMatch(/nope\.jsonl: no such file\. Fix: check the path/);
    expect((isFolder as Error).message).toBe(
      `${folder}: a folder, not a trace file. Fix: pass the trace files in it (${folder}/*.jsonl)`,
    );
  });
});

describe('readSpanBatches on lines that are not trace exports', () => {
  it('skips a Collector’s metrics and logs lines quietly, and names other lines with a fix', async () => {
    const [good] = jsonLines([[span('a')]]).split('\n');
    const path = await file(
      'mixed.jsonl',
      `{"resourceMetrics":[]}\n{"resourceLogs":[]}\n{"other":1}\n${good}\n{"resourceSpans": [\n`,
    );

    const { batches, problems } = await read(path);

    expect(spanIds(batches)).toEqual([idOf('a/s', 8)]);
    expect(problems.map((p) => [p.line, p.message, p.fix])).toEqual([
      [
        3,
        'not an OTLP export request (no resourceSpans)',
        expect.stringMatching(/^repair or remove the line/),
      ],
      [
        5,
        expect.stringMatching(/^not valid JSON/),
        expect.stringMatching(/^repair or remove the line/),
      ],
    ]);
  });
});

describe('jsonError', () => {
  const thrown = (text: string) => {
    try {
      JSON.parse(text);
    } catch (error) {
      return jsonError(error);
    }
    return 'parsed';
  };

  it('never quotes the text it failed on, even text with quotes in it', () => {
    expect(thrown('{"secret": nope}')).not.toContain('secret');
    expect(thrown('oops "secret"')).not.toContain('secret');
  });

  it('writes an invisible character it names as its code', () => {
    expect(thrown('\u200b{}')).toBe("Unexpected token '\\u200b'");
  });
});
