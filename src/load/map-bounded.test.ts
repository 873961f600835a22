import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapBounded } from './map-bounded.ts';

describe('mapBounded', () => {
  it('keeps the input order and never runs more than the limit at once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat(5), { maxLength: 60 }),
        fc.integer({ min: 1, max: 8 }),
        async (delays, limit) => {
          let running = 0;
          let most = 0;
          const out = await mapBounded(
            delays,
            async (d, i) => {
              running++;
              most = Math.max(most, running);
              for (let k = 0; k < d; k++) await Promise.resolve();
              running--;
              return i * 2;
            },
            limit,
          );
          expect(out).toEqual(delays.map((_, i) => i * 2));
          expect(most).toBeLessThanOrEqual(limit);
        },
      ),
    );
  });

  it('passes a rejection on', async () => {
    await expect(mapBounded([1, 2], async () => Promise.reject(new Error('no')))).rejects.toThrow(
      'no',
    );
  });
});
