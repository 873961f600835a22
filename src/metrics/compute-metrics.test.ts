import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FINDING_CODES, type Finding } from '../model/finding.ts';
import type { CaseRun } from './case-run.ts';
import { caseRun } from './case-run-arbitrary.ts';
import { caseTally } from './case-tally.ts';
import { clusteredRate } from './clustered-rate.ts';
import { computeMetrics } from './compute-metrics.ts';

function run(over: Partial<CaseRun> = {}): CaseRun {
  return {
    status: 'pass',
    findings: [],
    handoffs: [],
    opportunities: { 'handoff.missed': 1 },
    targets: [],
    durationMs: 1,
    ...over,
  };
}
const finding = (code: Finding['code']): Finding => ({
  check: 'x',
  code,
  outcome: 'fail',
  spanIds: [],
  message: '',
});

describe('computeMetrics', () => {
  it('rates each code over its own denominator and weighs costs', () => {
    const runs = [
      [
        run({
          status: 'fail',
          findings: [finding('handoff.missed')],
          targets: [{ expected: 'supervisor', observed: 'none' }],
        }),
      ],
      [
        run({
          targets: [{ expected: 'supervisor', observed: 'supervisor' }],
          handoffs: [{ from: 'a', to: 'supervisor', step: 1, spanId: 'x' }],
          opportunities: { 'handoff.missed': 1, 'handoff.unneeded': 1 },
        }),
      ],
      [run({ opportunities: {}, targets: [{ expected: 'none', observed: 'none' }] })],
    ];
    const m = computeMetrics(runs, { 'handoff.missed': 10 });
    expect(m.byCode['handoff.missed']).toMatchObject({ count: 1, of: 2, rate: 0.5 });
    expect(m.byCode['handoff.unneeded']).toMatchObject({ count: 0, of: 1 });
    expect(m.cost).toBe(10);
    expect(m.passRate).toMatchObject({ count: 2, of: 3 });
    expect(m.confusion.labels).toEqual(['supervisor', 'none']);
    expect(m.confusion.counts.supervisor).toEqual({ none: 1, supervisor: 1 });
    expect(m.hops.histogram).toEqual({ 0: 2, 1: 1 });
  });

  it('counts pass^k only for cases that passed every repeat, and averages cost per repeat', () => {
    const flaky = [run(), run({ status: 'fail', findings: [finding('handoff.late')] })];
    const steady = [run(), run()];
    const m = computeMetrics([flaky, steady], { 'handoff.late': 4 });
    expect(m.passRate).toMatchObject({ count: 3, of: 4 });
    expect(m.passAllRepeats).toMatchObject({ count: 1, of: 2 });
    expect(m.cost).toBe(2);
  });

  it('rates each code exactly as one cluster for every case would, repeats or not', () => {
    fc.assert(
      fc.property(fc.array(fc.array(caseRun, { maxLength: 3 }), { maxLength: 12 }), (byCase) => {
        const { byCode } = computeMetrics(byCase, {});
        for (const code of FINDING_CODES) {
          // Every case a cluster of its own, zeros where its tally lacks the code.
          const clusters = byCase.map((runs) => {
            const t = caseTally(runs)[code];
            return { count: t?.count ?? 0, of: t?.of ?? 0, runs: runs.length };
          });
          expect(byCode[code]).toEqual(clusteredRate(clusters));
        }
      }),
    );
  });
});
