import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../model/finding.ts';
import type { CaseRun } from './case-run.ts';
import { type Cluster, clusteredRate } from './clustered-rate.ts';
import { computeMetrics } from './compute-metrics.ts';
import { wilson } from './wilson.ts';

const onTime = (n: number): Finding[] =>
  Array.from({ length: n }, () => ({
    check: 'handoff-timing',
    code: 'handoff.on_time',
    outcome: 'pass',
    spanIds: [],
    message: '',
  }));

/** One run of a case with `expected` expected handoffs, `hit` of them on time. */
function run(expected: number, hit: number): CaseRun {
  return {
    status: hit === expected ? 'pass' : 'fail',
    findings: onTime(hit),
    handoffs: [],
    opportunities: { 'handoff.on_time': expected, 'case.error': 1 },
    targets: [],
    durationMs: 1,
  };
}

/** A deterministic run: every repeat of a case is a copy of its first. */
const repeated = (cases: readonly CaseRun[], k: number) => cases.map((c) => Array(k).fill(c));

const cases = fc.array(
  fc
    .integer({ min: 0, max: 3 })
    .chain((expected) => fc.integer({ min: 0, max: expected }).map((hit) => run(expected, hit))),
  { minLength: 1, maxLength: 60 },
);

describe('clusteredRate', () => {
  it('is the plain Wilson interval for one opportunity per case and one run', () => {
    const clusters: Cluster[] = [1, 1, 0, 1].map((count) => ({ count, of: 1, runs: 1 }));

    expect(clusteredRate(clusters)).toEqual(wilson(3, 4));
  });

  it('keeps 46 on-time handoffs at [92.3%, 100%] when a deterministic run is repeated 5 times', () => {
    const once = Array.from({ length: 38 }, (_, i) => (i < 8 ? run(2, 2) : run(1, 1)));
    const five = computeMetrics(repeated(once, 5), {}).byCode['handoff.on_time'];

    expect(five).toMatchObject({ count: 230, of: 230, effective: 46 });
    expect(five?.low).toBeCloseTo(0.923, 3);
    expect(five?.high).toBe(1);
  });

  it('widens the interval when the misses cluster in a few cases', () => {
    // 8 misses in 4 cases of 2 expectations each, against 8 misses spread over 8 cases.
    const clustered: Cluster[] = [
      ...Array.from({ length: 4 }, () => ({ count: 0, of: 2, runs: 1 })),
      ...Array.from({ length: 16 }, () => ({ count: 2, of: 2, runs: 1 })),
    ];
    const spread: Cluster[] = Array.from({ length: 40 }, (_, i) => ({
      count: i < 8 ? 0 : 1,
      of: 1,
      runs: 1,
    }));
    const a = clusteredRate(clustered);
    const b = clusteredRate(spread);

    expect(a.rate).toBe(b.rate);
    expect(a.high - a.low).toBeGreaterThan(b.high - b.low);
    expect(a.effective).toBeCloseTo(20, 6);
  });

  test.prop([cases, fc.integer({ min: 2, max: 8 })])(
    'repeating a deterministic run k times never narrows an interval',
    (once, k) => {
      const one = computeMetrics(repeated(once, 1), {});
      const many = computeMetrics(repeated(once, k), {});
      for (const [a, b] of [
        [one.passRate, many.passRate],
        [one.byCode['handoff.on_time'], many.byCode['handoff.on_time']],
      ] as const) {
        expect(b?.rate).toBeCloseTo(a?.rate ?? 0, 12);
        expect(b?.low).toBeLessThanOrEqual((a?.low ?? 0) + 1e-9);
        expect(b?.high).toBeGreaterThanOrEqual((a?.high ?? 1) - 1e-9);
      }
    },
  );

  test.prop([
    fc.array(fc.record({ count: fc.nat(5), of: fc.nat(5), runs: fc.integer({ min: 1, max: 4 }) }), {
      maxLength: 40,
    }),
  ])(
    'stays in [0, 1], contains the rate, and never claims more than one pass over the cases',
    (clusters) => {
      const r = clusteredRate(clusters);
      expect(r.low).toBeGreaterThanOrEqual(0);
      expect(r.high).toBeLessThanOrEqual(1);
      expect(r.low).toBeLessThanOrEqual(r.rate + 1e-12);
      expect(r.high).toBeGreaterThanOrEqual(r.rate - 1e-12);
      const onePass = clusters.reduce((s, c) => s + Math.max(c.of, c.count) / c.runs, 0);
      expect(r.effective ?? r.of).toBeLessThanOrEqual(Math.max(onePass, r.of) + 1e-9);
    },
  );
});
