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
