import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { wilson } from './wilson.ts';

describe('wilson', () => {
  it('matches the textbook interval for 8 of 10', () => {
    const r = wilson(8, 10);
    expect(r.rate).toBe(0.8);
    expect(r.low).toBeCloseTo(0.4902, 3);
    expect(r.high).toBeCloseTo(0.9433, 3);
  });

  it('gives a non-zero upper bound for 0 of 30, so a clean run still shows its uncertainty', () => {
    const r = wilson(0, 30);
    expect(r.low).toBe(0);
    expect(r.high).toBeCloseTo(0.1135, 3);
  });

  test.prop([
    fc
      .integer({ min: 1, max: 5000 })
      .chain((of) => fc.tuple(fc.integer({ min: 0, max: of }), fc.constant(of))),
  ])('the interval stays in [0, 1] and contains the observed rate', ([count, of]) => {
    const r = wilson(count, of);
    expect(r.low).toBeGreaterThanOrEqual(0);
    expect(r.high).toBeLessThanOrEqual(1);
    expect(r.low).toBeLessThanOrEqual(r.rate + 1e-12);
    expect(r.high).toBeGreaterThanOrEqual(r.rate - 1e-12);
  });
});
