import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { comparePaired, type PairedMetric, type PairedUnit } from './paired-metric.ts';

const SETTINGS = { seed: 1, resamples: 2000, confidence: 0.95, alpha: 0.05, power: 0.8 };

const side = (pass: boolean) => ({ num: pass ? 1 : 0, den: 1, runs: 1, bad: !pass });
/** A pass-rate metric over cases given as [baseline passed, candidate passed]. */
function passRate(cases: readonly (readonly [boolean, boolean])[]): PairedMetric {
  return {
    kind: 'ratio',
    higherIsBetter: true,
    units: cases.map(([a, b]): PairedUnit => ({ a: side(a), b: side(b) })),
  };
}

const regressed = passRate([
  ...Array.from({ length: 8 }, () => [true, false] as const),
  ...Array.from({ length: 30 }, () => [true, true] as const),
]);

describe('comparePaired', () => {
  it('finds the regressed policy worse: 8 cases pass → fail, exact p = 0.0078', () => {
    const [r] = comparePaired([regressed], SETTINGS);

    expect(r?.baseline).toMatchObject({ value: 1, count: 38, of: 38 });
    expect(r?.candidate.value).toBeCloseTo(30 / 38, 12);
    expect(r?.difference.value).toBeCloseTo(-8 / 38, 12);
    expect(r?.difference.high).toBeLessThan(0);
    expect(r?.difference.low).toBeGreaterThan(-0.45);
    expect(r?.mcnemar).toMatchObject({ worse: 8, better: 0 });
    expect(r?.mcnemar.p).toBeCloseTo(0.0078125, 10);
    expect(r?.verdict).toBe('worse');
  });

  it('sees no difference between identical runs, and says what these cases could detect', () => {
    const same = passRate(Array.from({ length: 38 }, (_, i) => [i > 3, i > 3] as const));
    const [r] = comparePaired([same], SETTINGS);

    expect(r?.difference).toMatchObject({ value: 0, low: 0, high: 0, se: 0 });
    expect(r?.mcnemar.p).toBe(1);
    expect(r?.verdict).toBe('not_significant');
    expect(r?.mdd).toBeCloseTo(6 / 38, 12);
  });

  it('gives the same intervals for the same seed', () => {
    const one = comparePaired([regressed], SETTINGS);
    expect(comparePaired([regressed], SETTINGS)).toEqual(one);
    expect(comparePaired([regressed], { ...SETTINGS, seed: 2 })[0]?.difference.se).not.toBe(
      one[0]?.difference.se,
    );
  });

  it('compares a total such as cost case by case (a sign test on the discordant cases)', () => {
    const cost: PairedMetric = {
      kind: 'total',
      higherIsBetter: false,
      units: Array.from({ length: 20 }, (_, i) => ({
        a: { num: 1, den: 1, runs: 1, bad: false },
        b: { num: i < 7 ? 11 : 1, den: 1, runs: 1, bad: false },
      })),
    };
    const [r] = comparePaired([cost], SETTINGS);

    expect(r?.baseline.value).toBe(20);
    expect(r?.candidate.value).toBe(90);
    expect(r?.difference.value).toBe(70);
    expect(r?.mcnemar).toMatchObject({ worse: 7, better: 0 });
    expect(r?.verdict).toBe('worse');
    expect(r?.difference.low).toBeGreaterThan(0);
  });

  // Sanity of coverage: simulated studies with a known difference; the 95% interval should
  // contain it in most of them (a broken bootstrap lands far from 95%).
  test.prop([fc.constant(null)], { numRuns: 1 })(
    'covers the true difference about 95% of the time',
    () => {
      let covered = 0;
      const studies = 120;
      const random = mulberry(12345);
      for (let s = 0; s < studies; s++) {
        const cases = Array.from({ length: 80 }, () => {
          const a = random() < 0.7;
          const b = random() < 0.8;
          return [a, b] as const;
        });
        const [r] = comparePaired([passRate(cases)], { ...SETTINGS, resamples: 400, seed: s });
        if (r && r.difference.low <= 0.1 && 0.1 <= r.difference.high) covered++;
      }
      expect(covered / studies).toBeGreaterThan(0.88);
      expect(covered / studies).toBeLessThanOrEqual(1);
    },
  );
});

/** A tiny seeded generator for the simulated studies (not the one under test). */
function mulberry(seed: number): () => number {
  let t = seed;
  return () => {
    t = (t + 0x6d2b79f5) | 0;
    let x = Math.imul(t ^ (t >>> 15), 1 | t);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
