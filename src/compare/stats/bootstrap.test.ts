import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { resampleWeights } from './bootstrap.ts';

const draws = (n: number, resamples: number, seed: number) =>
  [...resampleWeights(n, resamples, seed)].map((w) => Array.from(w));

describe('resampleWeights', () => {
  it('gives the same resamples for the same seed, and others for another seed', () => {
    expect(draws(38, 20, 7)).toEqual(draws(38, 20, 7));
    expect(draws(38, 20, 7)).not.toEqual(draws(38, 20, 8));
  });

  test.prop([fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 30 }), fc.integer()])(
    'each resample draws exactly n cases, none outside the data',
    (n, resamples, seed) => {
      const all = draws(n, resamples, seed);
      expect(all).toHaveLength(resamples);
      for (const w of all) {
        expect(w).toHaveLength(n);
        expect(w.reduce((s, x) => s + x, 0)).toBe(n);
        expect(w.every((x) => x >= 0)).toBe(true);
      }
    },
  );

  it('draws each case about once per resample on average', () => {
    const totals = new Array(10).fill(0);
    for (const w of resampleWeights(10, 5000, 1)) {
      w.forEach((x, i) => {
        totals[i] += x;
      });
    }
    for (const t of totals) expect(t / 5000).toBeCloseTo(1, 1);
  });
});
