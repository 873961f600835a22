import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { jsonText } from './json-text.ts';

const withReplacer = (v: unknown) =>
  JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? String(x) : x));

describe('jsonText', () => {
  test.prop([fc.anything({ withBigInt: true, withMap: false, withSet: false })])(
    'writes what JSON.stringify writes with a bigint-to-text replacer',
    (value) => {
      expect(jsonText(value)).toBe(withReplacer(value));
    },
  );

  it('writes a bigint as its digits, pretty when asked', () => {
    expect(jsonText({ n: 12345678901234567890n })).toBe('{"n":"12345678901234567890"}');
    expect(jsonText([1n], 2)).toBe('[\n  "1"\n]');
  });

  it('still throws on a cycle', () => {
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(() => jsonText(loop)).toThrow(TypeError);
  });
});
