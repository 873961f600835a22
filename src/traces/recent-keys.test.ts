import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RecentKeys } from './recent-keys.ts';

describe('RecentKeys', () => {
  it('remembers exactly the last `max` distinct keys added', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { maxLength: 60 }),
        fc.integer({ min: 1, max: 5 }),
        (keys, max) => {
          const recent = new RecentKeys(max);
          const model: string[] = []; // distinct keys, oldest first, as a plain list
          for (const k of keys) {
            recent.add(k);
            if (!model.includes(k)) model.push(k);
            if (model.length > max) model.shift();
          }
          for (const k of 'abcdef') expect(recent.has(k)).toBe(model.includes(k));
          expect(recent.size).toBe(model.length);
        },
      ),
    );
  });

  it('keeps only the newest keys after many evictions', () => {
    const recent = new RecentKeys(1000);
    for (let i = 0; i < 200_000; i++) recent.add(`k${i}`);
    expect(recent.has('k199999')).toBe(true);
    expect(recent.has('k198999')).toBe(false);
    expect(recent.size).toBe(1000);
  });
});

describe('RecentKeys with trace ids', () => {
  // Ids made of one repeated word, and ids one digit apart, probe the hash table's collisions.
  const word = fc.constantFrom('00000000', '9e3779b1', 'ffffffff', '0000000a', 'a0000000');
  const hexId = fc.oneof(
    word.map((w) => w.repeat(4)),
    fc.tuple(word, word, word, word).map((ws) => ws.join('')),
  );
  const key = fc.oneof(hexId, fc.constantFrom('a', 'conv-1', 'ABCDEF0123456789ABCDEF0123456789'));

  it('remembers exactly the last `max` distinct keys, hex ids and other keys in one order', () => {
    fc.assert(
      fc.property(
        fc.array(key, { maxLength: 200 }),
        fc.integer({ min: 1, max: 40 }),
        (keys, max) => {
          const recent = new RecentKeys(max);
          const model: string[] = [];
          for (const k of keys) {
            recent.add(k);
            if (!model.includes(k)) model.push(k);
            if (model.length > max) model.shift();
            expect(recent.has(k)).toBe(true);
          }
          for (const k of new Set(keys)) expect(recent.has(k)).toBe(model.includes(k));
          expect(recent.size).toBe(model.length);
        },
      ),
    );
  });

  it('keeps the newest of many trace ids', () => {
    const recent = new RecentKeys(10_000);
    const id = (i: number) => i.toString(16).padStart(8, '0').repeat(4);
    for (let i = 0; i < 100_000; i++) recent.add(id(i));
    expect(recent.has(id(99_999))).toBe(true);
    expect(recent.has(id(90_000))).toBe(true);
    expect(recent.has(id(89_999))).toBe(false);
    expect(recent.size).toBe(10_000);
  });
});
