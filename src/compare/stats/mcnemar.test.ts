import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { exactMcNemar, minimumDiscordant } from './mcnemar.ts';

describe('exactMcNemar', () => {
  it.each([
    [8, 0, 0.0078125], // the bundled regressed policy: 8 cases pass → fail, none the other way
    [2, 10, 0.03857421875],
    [1, 5, 0.21875],
    [3, 9, 0.14599609375],
    [45, 55, 0.36820161732669626],
    [400, 600, 2.7284641560660184e-10],
  ])('%i worse, %i better: p = %f (exact binomial, as R binom.test gives)', (worse, better, p) => {
    expect(exactMcNemar(worse, better).p).toBeCloseTo(p, 12);
    expect(exactMcNemar(worse, better).p / p).toBeCloseTo(1, 9);
  });

  it('is 1 with no discordant case, or as many each way', () => {
    expect(exactMcNemar(0, 0).p).toBe(1);
    expect(exactMcNemar(5, 5).p).toBe(1);
  });

  it('needs 6 discordant cases one way at α = 0.05 and 8 at 0.01', () => {
    expect(minimumDiscordant(0.05)).toBe(6);
    expect(minimumDiscordant(0.01)).toBe(8);
    expect(exactMcNemar(5, 0).p).toBeGreaterThanOrEqual(0.05);
    expect(exactMcNemar(6, 0).p).toBeLessThan(0.05);
  });

  // Past about 1,070 discordant cases all one way, p is below the smallest double: 0.
  test.prop([fc.nat(1000), fc.nat(1000)])('is symmetric and in (0, 1]', (a, b) => {
    const p = exactMcNemar(a, b).p;
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThanOrEqual(1);
    expect(exactMcNemar(b, a).p).toBe(p);
  });

  test.prop([fc.nat(500), fc.integer({ min: 1, max: 500 })])(
    'moving a case from the minority to the majority never raises p',
    (minority, extra) => {
      const majority = minority + extra;
      if (minority === 0) return;
      expect(exactMcNemar(majority + 1, minority - 1).p).toBeLessThanOrEqual(
        exactMcNemar(majority, minority).p * (1 + 1e-12),
      );
    },
  );
});
