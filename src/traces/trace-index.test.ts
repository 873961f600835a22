import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
