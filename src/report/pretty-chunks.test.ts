import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { mapped, nestedItemText, prettyChunks } from './pretty-chunks.ts';

const joined = (pieces: Iterable<string | Uint8Array>) =>
  Buffer.concat([...pieces].map((p) => (typeof p === 'string' ? Buffer.from(p) : p))).toString();

describe('prettyChunks', () => {
  // Any object, its list anywhere among its keys (empty or not), keys JSON leaves out included.
  const without = (d: Record<string, unknown>) => {
    delete d.cases;
    return d;
  };
  const object = fc.record({
    before: fc.dictionary(
      fc.string({ maxLength: 6 }),
      fc.oneof(fc.jsonValue(), fc.constant(undefined)),
    ),
    list: fc.array(fc.oneof(fc.jsonValue(), fc.constant(undefined)), { maxLength: 8 }),
    after: fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue()).map(without),
  });
  test.prop([object])(
    'writes the bytes of JSON.stringify(value, null, 2), an item at a time',
    ({ before, list, after }) => {
      const value: Record<string, unknown> = { ...before, cases: list, ...after };
      const pieces = prettyChunks(value, {
        key: 'cases',
        length: list.length,
        items: mapped(list, nestedItemText),
      });
      expect(joined(pieces)).toBe(`${JSON.stringify(value, null, 2)}\n`);
    },
  );

  test.prop([fc.array(fc.jsonValue(), { minLength: 1, maxLength: 4 })])(
    'takes the items as UTF-8 bytes too',
    (list) => {
      const value = { kind: 'x', cases: list };
      const items = list.map((item) => Buffer.from(nestedItemText(item)));
      const pieces = prettyChunks(value, { key: 'cases', length: list.length, items });
      expect(joined(pieces)).toBe(`${JSON.stringify(value, null, 2)}\n`);
    },
  );
});
