import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wilson } from '../metrics/wilson.ts';
import { RolloutStage } from '../model/shadow-config.ts';
import { readiness, type WindowFigures } from './readiness.ts';

const STAGES = [
  { percent: 5, min_conversations: 500, min_agreement: 0.95 },
  { percent: 25, min_conversations: 2000, min_agreement: 0.98 },
].map((s) => RolloutStage.parse(s));

function window(compared: number, agreed: number, extra: Partial<WindowFigures> = {}) {
  return {
    compared,
    agreement: wilson(agreed, compared),
    missedEscalations: 0,
    errored: 0,
    dropped: 0,
    finished: compared,
    ...extra,
  };
}

describe('rollout readiness', () => {
  it('is ready for the largest share whose stage and every smaller one pass', () => {
    const r = readiness(STAGES, window(1000, 990));
    expect(r).toMatchObject({ ready: true, percent: 5 });
    expect(r.verdict).toBe(
      'ready for a canary at 5% (25% needs conversations compared 1000, needs >= 2000)',
    );
    expect(readiness(STAGES, window(3000, 2995)).verdict).toBe('ready for a canary at 25%');
  });

  it('judges agreement by the lower bound of its interval, not the rate', () => {
    // 96% of 500 is above 95%, but its lower bound (about 93.9%) is not.
    const r = readiness(STAGES, window(500, 480));
    expect(r.ready).toBe(false);
    expect(r.verdict).toMatch(/^not ready for a canary: agreement, lower 95% bound 93\.\d%/);
  });

  it('blocks a canary on one new missed escalation, however good the agreement', () => {
    const r = readiness(STAGES, window(5000, 5000, { missedEscalations: 1 }));
    expect(r.verdict).toBe('not ready for a canary: new missed escalations 1, needs <= 0');
  });

  it('blocks a window in which the candidate broke or too many conversations were dropped', () => {
    const broke = readiness(STAGES, window(1000, 1000, { errored: 50 }));
    expect(broke.verdict).toMatch(/candidate errors 4\.8% \(50\/1050\), needs <= 1\.0%/);
    const dropped = readiness(STAGES, window(1000, 1000, { dropped: 500, finished: 1500 }));
    expect(dropped.verdict).toMatch(/conversations dropped 33\.3% \(500\/1500\), needs <= 10\.0%/);
  });

  it('never says ready on an empty window', () => {
    expect(readiness(STAGES, window(0, 0))).toMatchObject({ ready: false, percent: 0 });
  });

  it('never grants more traffic to a window that is worse in every figure', () => {
    const figures = fc.record({
      compared: fc.nat(6000),
      disagreed: fc.nat(300),
      missed: fc.nat(3),
    });
    const judge = (compared: number, disagreed: number, missed: number) =>
      readiness(
        STAGES,
        window(compared, Math.max(0, compared - disagreed), { missedEscalations: missed }),
      );
    fc.assert(
      fc.property(figures, figures, (a, b) => {
        // The worse window: fewer conversations, more disagreements, more missed escalations.
        const better = judge(
          Math.max(a.compared, b.compared),
          Math.min(a.disagreed, b.disagreed),
          Math.min(a.missed, b.missed),
        );
        const worse = judge(
          Math.min(a.compared, b.compared),
          Math.max(a.disagreed, b.disagreed),
          Math.max(a.missed, b.missed),
        );
        expect(worse.percent).toBeLessThanOrEqual(better.percent);
        expect(worse.ready).toBe(worse.percent > 0);
      }),
    );
  });
});
