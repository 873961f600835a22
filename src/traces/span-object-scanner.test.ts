import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { SpanObjectScanner } from './span-object-scanner.ts';

const doc = {
  resourceSpans: [
    {
      resource: { attributes: [{ key: 'spans', value: { stringValue: '{"[' } }] },
      scopeSpans: [
        { scope: { name: 's' }, spans: [{ spanId: 'a', name: 'x"}]' }, { spanId: 'b' }] },
        { spans: [{ spanId: 'c', attributes: [{ key: 'k', value: { kvlistValue: {} } }] }] },
      ],
    },
  ],
};

function scan(text: string, cuts: readonly number[]) {
  const bytes = Buffer.from(text);
  const scanner = new SpanObjectScanner();
  const found = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    found.push(...scanner.push(bytes.subarray(from, Math.max(from, cut))));
    from = Math.max(from, cut);
  }
  return { found, problem: scanner.finish(), bytes };
}

describe('SpanObjectScanner', () => {
  test.prop([fc.array(fc.nat(400), { maxLength: 8 }).map((a) => a.sort((x, y) => x - y))])(
    'finds every span object with its bytes, line and list, however the input is cut',
    (cuts) => {
      const text = JSON.stringify(doc, null, 2);
      const { found, problem, bytes } = scan(text, cuts);

      expect(problem).toBeUndefined();
      expect(found.map((s) => JSON.parse(s.bytes.toString()).spanId)).toEqual(['a', 'b', 'c']);
      expect(found.map((s) => [s.list, s.index])).toEqual([
        [0, 0],
        [0, 1],
        [1, 0],
      ]);
      for (const s of found) expect(bytes.subarray(s.start, s.end).equals(s.bytes)).toBe(true);
      const firstLine = text.split('\n').findIndex((l) => l.includes('"spanId": "a"'));
      expect(found[0]?.line).toBe(firstLine);
    },
  );

  it('reads documents one after another (JSON lines) and reports an unclosed one', () => {
    const line = JSON.stringify(doc);
    const { found, problem } = scan(`${line}\n${line}\n{"resourceSpans": [`, []);

    expect(found).toHaveLength(6);
    expect(problem).toMatch(/the JSON ends at line 3 before its objects and arrays are closed/);
  });
});
