import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byteLines } from './byte-lines.ts';

async function* chunksOf(text: string, size: number): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function lines(text: string, size: number) {
  const out = [];
  for await (const l of byteLines(chunksOf(text, size))) out.push(l);
  return out;
}

describe('byteLines', () => {
  it('gives each line its number and byte range, whatever the chunk size', async () => {
    const text = 'ab\r\nçé\n\nlast';
    for (const size of [1, 2, 3, 100]) {
      const got = await lines(text, size);
      expect(got.map((l) => l.text)).toEqual(['ab', 'çé', '', 'last']);
      expect(got.map((l) => l.line)).toEqual([1, 2, 3, 4]);
      for (const l of got) {
        expect(Buffer.from(text).toString('utf8', l.start, l.end)).toBe(l.text);
      }
    }
  });

  it('splits any text in any chunking as String.split does, each range reading back its line', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('a', 'é', '\n', '\r\n', '\r', '{}'), { maxLength: 40 }),
        fc.integer({ min: 1, max: 9 }),
        async (parts, size) => {
          const text = parts.join('');
          const got = await lines(text, size);
          const expected = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
          if (text.endsWith('\n') || text === '') expected.pop();
          expect(got.map((l) => l.text)).toEqual(expected);
          const bytes = Buffer.from(text);
          for (const l of got) expect(bytes.toString('utf8', l.start, l.end)).toBe(l.text);
        },
      ),
    );
  });
});
