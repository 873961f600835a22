import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Timeline, TimelineEvent } from '../model/timeline.ts';
import { compareHandoffs } from './compare-handoffs.ts';

type H = { from: string; to: string; step: number; reason?: string };

/** A timeline of steps 0..5 with these handoffs at their steps. */
function timeline(handoffs: readonly H[]): Timeline {
  const events: TimelineEvent[] = [];
  for (let step = 0; step < 6; step++) {
    events.push({
      kind: 'step',
      step,
      at: step * 100,
      end: step * 100 + 99,
      spanId: `s${step}`,
      stepKind: 'customer',
    });
    for (const [i, h] of handoffs.filter((x) => x.step === step).entries())
      events.push({ kind: 'handoff', ...h, at: step * 100 + 1 + i, spanId: `h${step}.${i}` });
  }
  return { events };
}

const PERSONS = new Set(['supervisor']);
const compare = (live: H[], candidate: H[]) =>
  compareHandoffs(timeline(live), timeline(candidate), PERSONS);

describe('comparing candidate handoffs with live ones', () => {
  it('agrees on the same handoffs, a different reason code shown but not a disagreement', () => {
    const c = compare(
      [{ from: 'triage', to: 'refunds', step: 0, reason: 'capability' }],
      [{ from: 'triage', to: 'refunds', step: 0, reason: 'policy' }],
    );
    expect(c.agree).toBe(true);
    expect(c.differences.map((d) => d.kind)).toEqual(['reason']);
  });

  it('names a missed escalation, a later handoff and another receiver', () => {
    const c = compare(
      [
        { from: 'triage', to: 'refunds', step: 0 },
        { from: 'refunds', to: 'supervisor', step: 1 },
        { from: 'billing', to: 'sales', step: 2 },
      ],
      [
        { from: 'triage', to: 'refunds', step: 1 },
        { from: 'billing', to: 'quotes', step: 2 },
      ],
    );
    expect(c.agree).toBe(false);
    expect(c.differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'timing', distance: 1 }),
        expect.objectContaining({ kind: 'missed', escalation: true }),
        expect.objectContaining({ kind: 'target' }),
      ]),
    );
    expect(c.missedEscalations).toBe(1);
    expect(c.targets).toContainEqual({ expected: 'sales', observed: 'quotes' });
  });

  it('counts rerouting an escalation to an agent as a missed escalation, and the reverse as extra', () => {
    const away = compare(
      [{ from: 'refunds', to: 'supervisor', step: 1 }],
      [{ from: 'refunds', to: 'billing', step: 1 }],
    );
    expect(away).toMatchObject({ missedEscalations: 1, extraEscalations: 0 });
    const towards = compare(
      [{ from: 'refunds', to: 'billing', step: 1 }],
      [{ from: 'refunds', to: 'supervisor', step: 1 }],
    );
    expect(towards).toMatchObject({ missedEscalations: 0, extraEscalations: 1 });
  });

  const handoffs = fc.array(
    fc.record({
      from: fc.constantFrom('triage', 'refunds', 'billing'),
      to: fc.constantFrom('refunds', 'billing', 'supervisor'),
      step: fc.nat(5),
    }),
    { maxLength: 6 },
  );

  it('always agrees with itself', () => {
    fc.assert(
      fc.property(handoffs, (hs) => {
        const c = compare(hs, hs);
        expect(c.agree).toBe(true);
        expect(c.missedEscalations + c.extraEscalations).toBe(0);
      }),
    );
  });

  it('disagrees exactly when the two sides’ handoffs differ, and accounts for every handoff', () => {
    fc.assert(
      fc.property(handoffs, handoffs, (live, candidate) => {
        const c = compare(live, candidate);
        const key = (hs: H[]) =>
          hs
            .map((h) => `${h.from}>${h.to}@${h.step}`)
            .sort()
            .join(' ');
        expect(c.agree).toBe(key(live) === key(candidate));
        // Each live handoff is paired or missed, each candidate one paired or extra.
        const paired = c.differences.filter((d) => 'live' in d && 'candidate' in d).length;
        const missed = c.differences.filter((d) => d.kind === 'missed').length;
        const extra = c.differences.filter((d) => d.kind === 'extra').length;
        const agreedPairs = c.targets.filter(
          (t) => t.expected !== 'none' && t.observed !== 'none',
        ).length;
        expect(agreedPairs).toBeGreaterThanOrEqual(paired);
        expect(agreedPairs + missed).toBe(live.length);
        expect(agreedPairs + extra).toBe(candidate.length);
      }),
    );
  });
});
