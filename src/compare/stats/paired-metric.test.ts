import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { resampleWeights } from './bootstrap.ts';
import {
  comparePaired,
  type PairedMetric,
  type PairedUnit,
  pairedMetricOf,
  pairedReplicates,
} from './paired-metric.ts';

const SETTINGS = { seed: 1, resamples: 2000, confidence: 0.95, alpha: 0.05, power: 0.8 };

const side = (pass: boolean) => ({ num: pass ? 1 : 0, den: 1, runs: 1, bad: !pass });
/** A pass-rate metric over cases given as [baseline passed, candidate passed]. */
function passRate(cases: readonly (readonly [boolean, boolean])[]): PairedMetric {
  return pairedMetricOf(
    'ratio',
    true,
    cases.map(([a, b]): PairedUnit => ({ a: side(a), b: side(b) })),
  );
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

  it('says no difference is detectable when a rate is measured on fewer cases than McNemar needs', () => {
    // 2 cases with an opportunity, one got worse: the bootstrap SE alone gave an MDD of 111 pp.
    const measured = (a: boolean, b: boolean) => ({ a: side(a), b: side(b) });
    const none = { num: 0, den: 0, runs: 1, bad: false };
    const rate = pairedMetricOf('ratio', false, [
      measured(true, false),
      measured(true, true),
      ...Array.from({ length: 9 }, () => ({ a: none, b: none })),
    ]);
    const [r] = comparePaired([rate], SETTINGS);

    expect(r?.difference.se).toBeGreaterThan(1 / 2.8);
    expect(r).toMatchObject({ mdd: null, measured: 2, detection: 'too_few' });
  });

  it('gives the same intervals for the same seed', () => {
    const one = comparePaired([regressed], SETTINGS);
    expect(comparePaired([regressed], SETTINGS)).toEqual(one);
    expect(comparePaired([regressed], { ...SETTINGS, seed: 2 })[0]?.difference.se).not.toBe(
      one[0]?.difference.se,
    );
  });

  it('compares a total such as cost case by case (a sign test on the discordant cases)', () => {
    const cost = pairedMetricOf(
      'total',
      false,
      Array.from({ length: 20 }, (_, i) => ({
        a: { num: 1, den: 1, runs: 1, bad: false },
        b: { num: i < 7 ? 11 : 1, den: 1, runs: 1, bad: false },
      })),
    );
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

  // The bootstrap SE of a small suite can exceed what a rate can move: the MDD must not.
  const rateCase = fc.record({ a: fc.boolean(), b: fc.boolean(), measured: fc.boolean() });
  test.prop([fc.array(rateCase, { maxLength: 30 }), fc.integer({ min: 1, max: 1000 })], {
    numRuns: 150,
  })('never gives a rate an MDD above 100 pp; with too few cases, none at all', (cases, seed) => {
    const unit = (bad: boolean, measured: boolean) =>
      measured ? { num: bad ? 1 : 0, den: 1, runs: 1, bad } : { num: 0, den: 0, runs: 1, bad };
    const rate = pairedMetricOf(
      'ratio',
      false,
      cases.map((c) => ({
        a: unit(c.a && c.measured, c.measured),
        b: unit(c.b && c.measured, c.measured),
      })),
    );
    const [r] = comparePaired([rate], { ...SETTINGS, resamples: 200, seed });
    const measured = cases.filter((c) => c.measured).length;

    expect(r?.measured).toBe(measured);
    if (r?.mdd !== null) expect(r?.mdd).toBeLessThanOrEqual(1);
    expect(r?.mdd === null).toBe(measured < 6);
    expect(r?.detection).toBe(measured === 0 ? 'nothing' : measured < 6 ? 'too_few' : 'detectable');
  });

  // Metrics no case counts on, and metrics every case reads the same on, are not summed over
  // the resamples: each replicate must still be what summing every case gives.
  const sideWith = (num: fc.Arbitrary<number>) =>
    fc.record({
      num,
      den: fc.integer({ min: 0, max: 3 }),
      runs: fc.integer({ min: 1, max: 3 }),
      bad: fc.boolean(),
    });
  const unitSide = sideWith(
    fc.oneof(
      fc.constant(0),
      fc.integer({ min: 0, max: 3 }),
      fc.double({ min: 0, max: 9, noNaN: true }),
    ),
  );
  const metric = fc.integer({ min: 1, max: 12 }).chain((n) =>
    fc.record({
      kind: fc.constantFrom('ratio' as const, 'total' as const),
      higherIsBetter: fc.boolean(),
      // Some metrics count nothing, some read the same on both sides, some differ.
      units: fc.oneof(
        fc.array(
          fc.constant({
            a: { num: 0, den: 1, runs: 1, bad: false },
            b: { num: 0, den: 1, runs: 1, bad: false },
          }),
          { minLength: n, maxLength: n },
        ),
        fc
          .array(unitSide, { minLength: n, maxLength: n })
          .map((sides) => sides.map((a) => ({ a, b: a }))),
        fc.array(fc.record({ a: unitSide, b: unitSide }), { minLength: n, maxLength: n }),
        // One number throughout each column (every case had one opportunity, say).
        fc.record({ a: unitSide, b: unitSide }).map((u) => Array.from({ length: n }, () => u)),
      ),
    }),
  );
  const sameReplicates = (drawn: readonly MetricUnits[], seed: number) => {
    const n = Math.min(...drawn.map((m) => m.units.length));
    const cases = drawn.map((m) => ({ ...m, units: m.units.slice(0, n) }));
    const metrics = cases.map((m) => pairedMetricOf(m.kind, m.higherIsBetter ?? true, m.units));
    const settings = { ...SETTINGS, resamples: 60, seed };
    expect(pairedReplicates(metrics, settings)).toEqual(everyColumn(cases, settings));
  };
  test.prop([fc.array(metric, { minLength: 1, maxLength: 5 }), fc.integer({ min: 1, max: 1000 })], {
    numRuns: 80,
  })('gives the replicates of summing every case, metric by metric', sameReplicates);

  // Whole numbers only: cases alike are summed as one group, which must change no replicate.
  const wholeSide = sideWith(fc.integer({ min: 0, max: 3 }));
  const grouped = fc.integer({ min: 1, max: 60 }).chain((n) =>
    fc.record({
      kind: fc.constantFrom('ratio' as const, 'total' as const),
      units: fc
        .tuple(
          fc.array(fc.record({ a: wholeSide, b: wholeSide }), { minLength: 1, maxLength: 4 }),
          fc.array(fc.nat(), { minLength: n, maxLength: n }),
        )
        .map(([kinds, picks]) => picks.map((p) => kinds[p % kinds.length] as PairedUnit)),
    }),
  );
  test.prop(
    [fc.array(grouped, { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 1000 })],
    {
      numRuns: 80,
    },
  )('gives the same replicates when cases alike are summed as one', sameReplicates);
});

/** A metric as its cases, one by one. */
interface MetricUnits {
  readonly kind: PairedMetric['kind'];
  readonly higherIsBetter?: boolean;
  readonly units: readonly PairedUnit[];
}

/** The replicates with every side of every metric summed over every case, as a reference. */
function everyColumn(metrics: readonly MetricUnits[], settings: typeof SETTINGS) {
  const n = metrics[0]?.units.length ?? 0;
  const out = metrics.map(() => ({
    diff: new Float64Array(settings.resamples),
    a: new Float64Array(settings.resamples),
    b: new Float64Array(settings.resamples),
  }));
  const value = (m: MetricUnits, num: number, den: number) =>
    m.kind === 'total' ? num : den > 0 ? num / den : 0;
  let r = 0;
  for (const w of resampleWeights(n, settings.resamples, settings.seed)) {
    metrics.forEach((m, k) => {
      let [an, ad, bn, bd] = [0, 0, 0, 0];
      for (let i = 0; i < n; i++) {
        const t = w[i] ?? 0;
        if (t === 0) continue;
        const u = m.units[i] as PairedUnit;
        an += t * u.a.num;
        ad += t * u.a.den;
        bn += t * u.b.num;
        bd += t * u.b.den;
      }
      const o = out[k] as (typeof out)[number];
      o.a[r] = value(m, an, ad);
      o.b[r] = value(m, bn, bd);
      o.diff[r] = (o.b[r] as number) - (o.a[r] as number);
    });
    r++;
  }
  return out;
}

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
