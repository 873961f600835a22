import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { lastMemo } from './last-memo.ts';

test.prop([fc.array(fc.nat({ max: 3 }), { maxLength: 30 })])(
  'answers every key as make does, making again only when the key changed',
  (order) => {
    const keys = [{}, {}, {}, {}];
    let made = 0;
    const memo = lastMemo((k: object) => {
      made++;
      return keys.indexOf(k);
    });
    let changes = 0;
    order.forEach((i, n) => {
      if (n === 0 || order[n - 1] !== i) changes++;
      expect(memo(keys[i] as object)).toBe(i);
    });
    expect(made).toBe(changes);
  },
);

test('a make that throws leaves nothing remembered', () => {
  const key = {};
  let calls = 0;
  const memo = lastMemo((_k: object) => {
    calls++;
    if (calls === 1) throw new Error('no');
    return calls;
  });
  expect(() => memo(key)).toThrow('no');
  expect(memo(key)).toBe(2);
  expect(memo(key)).toBe(2);
});
