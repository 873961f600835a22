import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  idOf,
  jsonDocument,
  jsonLines,
  type SpanSpec,
} from '../../test/fixtures/traces/otlp-writer.ts';
import { TraceIndex } from './trace-index.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'baton-index-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function span(trace: string, n: number, attributes: Record<string, unknown> = {}): SpanSpec {
  return {
    traceId: idOf(trace, 16),
    spanId: idOf(`${trace}/${n}`, 8),
    name: `${trace} ${n}`,
    start: 1000 + n,
    end: 1001 + n,
    attributes,
  };
}

const spans = [
  span('a', 0, { 'gen_ai.conversation.id': 'c1' }),
  span('b', 0, { 'session.id': 'c2' }),
  span('a', 1),
  span('a', 2),
  span('c', 0, { 'gen_ai.conversation.id': 'c1' }),
  span('b', 1),
];

describe('TraceIndex', () => {
  it.each([
    ['lines.jsonl', jsonLines(spans.map((s) => [s]))],
    ['document.json', jsonDocument(spans)],
  ])('finds traces and conversations in %s and reads them back by range', async (name, text) => {
    const path = join(dir, name);
    await writeFile(path, text);

    const index = await TraceIndex.build(path);

    expect([...index.traceIds]).toEqual([idOf('a', 16), idOf('b', 16), idOf('c', 16)]);
    expect(index.conversation('c1')).toEqual([idOf('a', 16), idOf('c', 16)]);
    expect(index.conversation('c2')).toEqual([idOf('b', 16)]);
    expect(index.conversation('nope')).toEqual([]);
    const a = await index.load([idOf('a', 16)]);
    expect(a.map((s) => s.name)).toEqual(['a 0', 'a 1', 'a 2']);
    const bc = await index.load([idOf('b', 16), idOf('c', 16)]);
    expect(bc.map((s) => s.name)).toEqual(['b 0', 'c 0', 'b 1']);
    expect(index.problems).toEqual([]);
  });

  it('records spans it cannot read as problems with their line', async () => {
    const path = join(dir, 'defects.jsonl');
    const bad = { ...span('d', 0), traceId: '' };
    await writeFile(path, jsonLines([[span('d', 1)], [bad]]));

    const index = await TraceIndex.build(path);

    expect(index.problems).toEqual([{ file: path, line: 2, message: 'a span without a traceId' }]);
    expect(await index.load([idOf('d', 16)])).toHaveLength(1);
  });
});

describe('TraceIndex on shuffled exports', () => {
  const file = fc
    .tuple(
      fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { minLength: 1, maxLength: 30 }),
      fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 30, maxLength: 30 }),
      fc.boolean(),
    )
    .map(([traces, cuts, document]) => {
      const counts = new Map<string, number>();
      const all = traces.map((t) => {
        const n = counts.get(t) ?? 0;
        counts.set(t, n + 1);
        return span(t, n);
      });
      if (document) return { all, text: jsonDocument(all), name: 'doc.json' };
      const lines: SpanSpec[][] = [];
      for (let i = 0, k = 0; i < all.length; k++) {
        lines.push(all.slice(i, i + (cuts[k] ?? 1)));
        i += cuts[k] ?? 1;
      }
      return { all, text: jsonLines(lines), name: 'lines.jsonl' };
    });

  it('reads back exactly the spans of the traces asked for, in file order', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        file,
        fc.subarray(['a', 'b', 'c', 'd']),
        async ({ all, text, name }, ask) => {
          const path = join(dir, `${n++}-${name}`);
          await writeFile(path, text);
          const index = await TraceIndex.build(path);
          const wanted = new Set(ask.map((t) => idOf(t, 16)));
          const got = await index.load([...wanted]);
          expect(got.map((s) => s.name)).toEqual(
            all.filter((s) => wanted.has(s.traceId)).map((s) => s.name),
          );
        },
      ),
      { numRuns: 100 },
    );
  });
});
