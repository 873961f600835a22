import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inShard, shardOfCase } from './shard.ts';

const ids = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 12 }), { maxLength: 80 });

describe('shards', () => {
  it('put every case in exactly one shard', () => {
    fc.assert(
      fc.property(ids, fc.integer({ min: 1, max: 9 }), (list, total) => {
        const cases = list.map((id) => ({ id }));
        const slices = Array.from({ length: total }, (_, i) =>
          inShard(cases, { index: i + 1, total }),
        );
        expect(
          slices
            .flat()
            .map((c) => c.id)
            .sort(),
        ).toEqual([...list].sort());
      }),
    );
  });

  it('keep a case in its shard when other cases are added or reordered', () => {
    fc.assert(
      fc.property(ids, ids, fc.integer({ min: 1, max: 9 }), (before, added, total) => {
        const all = [...added, ...before].reverse();
        for (const id of before) {
          const where = (list: string[]) =>
            [1, 2, 3, 4, 5, 6, 7, 8, 9].slice(0, total).find((index) =>
              inShard(
                list.map((i) => ({ id: i })),
                { index, total },
              ).some((c) => c.id === id),
            );
          expect(where(all)).toBe(where(before));
        }
      }),
    );
  });

  it('spreads ids evenly', () => {
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 10_000; i++) {
      const shard = shardOfCase(`case-${i}`, 4);
      counts[shard - 1] = (counts[shard - 1] ?? 0) + 1;
    }
    for (const count of counts) expect(count).toBeGreaterThan(2_300);
  });
});
