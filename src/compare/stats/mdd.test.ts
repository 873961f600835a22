import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { exactMcNemar, minimumDiscordant } from './mcnemar.ts';
import { type DetectedMetric, detection, detectionMultiplier } from './mdd.ts';

const SETTINGS = { alpha: 0.05, power: 0.8 };

/** A metric over cases given as [baseline count, opportunities, candidate count, opportunities]. */
function metricOf(
  kind: DetectedMetric['kind'],
  cases: readonly (readonly [number, number, number, number])[],
): DetectedMetric {
  const column = (k: number) => Float64Array.from(cases, (c) => c[k] as number);
  return { kind, a: { num: column(0), den: column(1) }, b: { num: column(2), den: column(3) } };
}

const times = <T>(n: number, x: T): T[] => Array.from({ length: n }, () => x);

describe('detection', () => {
  it('is the exact floor d/n for identical runs: 6/38 = 15.8 pp', () => {
    const same = metricOf('ratio', times(38, [0, 1, 0, 1] as const));
    expect(detection(same, 0, SETTINGS)).toEqual({
      kind: 'detectable',
      measured: 38,
      mdd: 6 / 38,
    });
  });

  it('says no difference is detectable with 2 measured cases, whatever the SE (was 111.3 pp)', () => {
    // effect.missing in the helpdesk trial: 2 of 11 cases had the effect to miss.
    const cases = [[0, 1, 1, 1], [0, 1, 0, 1], ...times(9, [0, 0, 0, 0] as const)] as const;
    expect(detection(metricOf('ratio', cases), 0.397838, SETTINGS)).toEqual({
      kind: 'too_few',
      measured: 2,
    });
  });

  it('caps a rate at 100 pp once the cases are enough for every case flipping to be significant', () => {
    const six = metricOf('ratio', times(6, [0, 1, 1, 1] as const));
    expect(detection(six, 0.5, SETTINGS)).toEqual({ kind: 'detectable', measured: 6, mdd: 1 });
  });

  it('leaves a total uncapped, but says so when it has too few cases or nothing to measure', () => {
    const cost = (n: number, b: number) => metricOf('total', times(n, [1, 1, b, 1] as const));
    expect(detection(cost(20, 11), 30, SETTINGS)).toEqual({
      kind: 'detectable',
      measured: 20,
      mdd: detectionMultiplier(SETTINGS) * 30,
    });
    expect(detection(cost(5, 11), 30, SETTINGS)).toEqual({ kind: 'too_few', measured: 5 });
    const free = metricOf('total', times(20, [0, 1, 0, 1] as const));
    expect(detection(free, 0, SETTINGS)).toEqual({ kind: 'nothing', measured: 20 });
  });

  const cases = fc.array(
    fc.tuple(fc.nat(3), fc.nat(3), fc.nat(3), fc.nat(3)).map(
      // A count is at most its opportunities, as in a report's tally.
      ([x, of, y, of2]) => [Math.min(x, of), of, Math.min(y, of2), of2] as const,
    ),
    { maxLength: 40 },
  );
  const settings = fc.record({
    alpha: fc.constantFrom(0.01, 0.05, 0.1),
    power: fc.constantFrom(0.8, 0.9),
  });
  const se = fc.double({ min: 0, max: 5, noNaN: true });

  test.prop([cases, se, settings])(
    'never gives a rate an MDD above 100 pp: a number in (0, 1], or none detectable',
    (cs, s, level) => {
      const d = detection(metricOf('ratio', cs), s, level);
      if (d.kind === 'detectable') {
        expect(d.mdd).toBeGreaterThan(0);
        expect(d.mdd).toBeLessThanOrEqual(1);
      } else expect(d).not.toHaveProperty('mdd');
    },
  );

  test.prop([cases, se, settings])(
    'says "too few" exactly when even every measured case turning the same way is not significant',
    (cs, s, level) => {
      const d = detection(metricOf('ratio', cs), s, level);
      const measured = cs.filter(([, of, , of2]) => of > 0 || of2 > 0).length;
      expect(d.measured).toBe(measured);
      const allFlipped = exactMcNemar(measured, 0).p;
      if (d.kind === 'too_few') expect(allFlipped).toBeGreaterThanOrEqual(level.alpha);
      if (d.kind === 'detectable') expect(allFlipped).toBeLessThan(level.alpha);
      expect(d.kind === 'nothing').toBe(measured === 0);
      expect(d.kind === 'too_few').toBe(measured > 0 && measured < minimumDiscordant(level.alpha));
    },
  );
});
