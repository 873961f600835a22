import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportFile } from '../../test/fixtures/traces/otlp-arbitrary.ts';
import { toSpanRecord } from './otlp-spans.ts';
import type { TraceProblem } from './read-batches.ts';
import { type ReadTracesOptions, readTraces, type Trace } from './read-traces.ts';

/**
 * Reading in a worker thread (`threads: true`) against reading in this one: the same traces in
 * the same order, the same partial flags and the same problems in the same places, whatever the
 * file holds, and a worker that never outlives its reader.
 */

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'baton-threaded-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function read(path: string, options: ReadTracesOptions) {
  const traces: Trace[] = [];
  const problems: TraceProblem[] = [];
  for await (const t of readTraces(path, { ...options, onProblem: (p) => problems.push(p) }))
    traces.push(t);
  return { traces, problems };
}

/** Lines that are not export requests, and spans that cannot be records, among the good ones. */
const spoiled = fc
  .tuple(
    exportFile,
    fc.array(
      fc.constantFrom(
        '{"resourceSpans": [',
        '{"resourceMetrics": []}',
        '[1, 2]',
        '{"resourceSpans":[{"scopeSpans":[{"spans":[{"spanId":"0000000000000001"},7]}]}]}',
      ),
      { maxLength: 3 },
    ),
    fc.nat(),
  )
  .map(([content, bad, at]) => {
    const lines = content.trim().split('\n');
    for (const b of bad) lines.splice(at % (lines.length + 1), 0, b);
    return `${lines.join('\n')}\n`;
  });

describe('readTraces in a worker thread', () => {
  it('yields what reading in this thread yields, problems included, in the same order', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        spoiled,
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 2, max: 20 }),
        async (content, settleSpans, maxHeldSpans) => {
          const path = join(dir, `p${n++}.jsonl`);
          await writeFile(path, content);
          const options = { settleSpans, maxHeldSpans };
          const here = await read(path, { ...options, threads: false });
          const there = await read(path, { ...options, threads: true });
          expect(there).toEqual(here);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('carries recurring texts across the parts it sends', async () => {
    // Far more spans than one part holds, every name and key recurring in later parts.
    const lines: string[] = [];
    const expected: Trace[] = [];
    for (let t = 0; t < 400; t++) {
      const traceId = (t + 1).toString(16).padStart(32, '0');
      const spans = Array.from({ length: 30 }, (_, i) => ({
        traceId,
        spanId: `${t.toString(16).padStart(8, '0')}${i.toString(16).padStart(8, '0')}`,
        ...(i > 0 && { parentSpanId: `${t.toString(16).padStart(8, '0')}00000000` }),
        name: `step ${i % 7}`,
        startTimeUnixNano: `${1_750_000_000_000 + t * 100 + i}000000`,
        attributes: [
          { key: `k${i % 5}`, value: { stringValue: `v${(t + i) % 11}` } },
          { key: 'n', value: { intValue: String(i) } },
        ],
      }));
      lines.push(JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans }] }] }));
      expected.push({ traceId, spans: spans.map((s) => toSpanRecord(s)!), partial: false });
    }
    const path = join(dir, 'many.jsonl');
    await writeFile(path, `${lines.join('\n')}\n`);
    for (const threads of [false, true])
      expect(await read(path, { threads, settleSpans: 1 })).toEqual({
        traces: expected,
        problems: [],
      });
  });

  it('throws the error reading in this thread throws for a file it cannot read', async () => {
    const failure = async (threads: boolean) => {
      try {
        await read(dir, { threads });
      } catch (error) {
        return { name: (error as Error).name, message: (error as Error).message };
      }
      return undefined;
    };
    const here = await failure(false);
    expect(here?.message).toContain('a folder');
    expect(await failure(true)).toEqual(here);
  });

  it('stops its worker when the reader stops early, and never keeps the process alive', async () => {
    const lines = Array.from({ length: 50 }, (_, t) =>
      JSON.stringify({
        resourceSpans: [
          {
            scopeSpans: [
              {
                spans: [
                  {
                    traceId: (t + 1).toString(16).padStart(32, '0'),
                    spanId: (t + 1).toString(16).padStart(16, '0'),
                    name: 'root',
                    startTimeUnixNano: '1750000000000000000',
                  },
                ],
              },
            ],
          },
        ],
      }),
    );
    const path = join(dir, 'abandoned.jsonl');
    await writeFile(path, `${lines.join('\n')}\n`);
    const reader = fileURLToPath(new URL('./read-traces.ts', import.meta.url));
    // One reader breaks out of its loop; the other takes one trace and never asks again.
    const script = `
      const { readTraces } = await import(${JSON.stringify(reader)});
      for await (const t of readTraces(${JSON.stringify(path)}, { threads: true, settleSpans: 1 })) break;
      const it = readTraces(${JSON.stringify(path)}, { threads: true, settleSpans: 1 })[Symbol.asyncIterator]();
      console.log((await it.next()).value.traceId);
    `;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const [code] = await once(child, 'exit');
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out.trim()).toBe('00000000000000000000000000000001');
  });
});
