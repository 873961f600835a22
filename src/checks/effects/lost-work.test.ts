import { describe, expect, it } from 'vitest';
import { describeFinding } from '../describe-finding.ts';
import {
  ack,
  claim,
  effectLabels,
  handoff,
  personStep,
  release,
  timeline,
  turn,
} from './effect-fixtures.ts';
import { lostWork } from './lost-work.ts';

describe('lost-work: nobody owns the work at the end', () => {
  it('flags work released with nobody taking it over', () => {
    const r = release('T-1', 'refunds', 2);
    const t = timeline(turn('triage', 0), claim('T-1', 'refunds', 1), r, turn('triage', 3));
    const findings = lostWork.run(t, effectLabels(), {});

    expect(findings).toEqual([
      {
        check: 'lost-work',
        code: 'ownership.lost_work',
        outcome: 'fail',
        step: 2,
        expected: { work: 'T-1' },
        observed: { work: 'T-1', reason: 'released', agent: 'refunds' },
        spanIds: [r.spanId],
      },
    ]);
    expect(describeFinding(findings[0]!)).toBe('T-1: refunds released it and nobody took it over');
  });

  it('flags a lease that ran out, and passes when a claim or handoff followed the release', () => {
    const expired = timeline(claim('T-1', 'a', 1, { expiresAt: 150 }), turn('a', 2));
    expect(describeFinding(lostWork.run(expired, effectLabels(), {})[0]!)).toBe(
      "T-1: a's lease ran out and nobody took it over",
    );
    const passed = timeline(claim('T-1', 'a', 1), release('T-1', 'a', 1), claim('T-1', 'b', 2));
    expect(lostWork.run(passed, effectLabels(), {})).toEqual([]);
    const handed = timeline(claim('T-1', 'a', 1), release('T-1', 'a', 1), handoff('a', 'b', 1));
    expect(lostWork.run(handed, effectLabels(), {})).toEqual([]);
  });

  it('leaves plain handoff cases without claims or an ownership label alone', () => {
    const t = timeline(turn('triage', 0), handoff('triage', 'refunds', 1));
    expect(lostWork.run(t, effectLabels(), {})).toEqual([]);
    expect(lostWork.opportunities(t, effectLabels(), {})).toEqual({ 'ownership.lost_work': 0 });
  });
});

describe('lost-work: max_wait_ms', () => {
  const labels = effectLabels(undefined, { work: 'ticket', maxWaitMs: 50 });

  it('flags a receiver that picked the work up later than allowed', () => {
    const h = handoff('triage', 'refunds', 1, 100);
    const late = ack('refunds', 2);
    const findings = lostWork.run(timeline(turn('triage', 0), h, late), labels, {});

    expect(findings).toMatchObject([
      {
        step: 1,
        expected: { work: 'ticket', maxWaitMs: 50 },
        observed: { reason: 'slow', agent: 'refunds', from: 'triage' },
        spanIds: [h.spanId, late.spanId],
      },
    ]);
    expect(describeFinding(findings[0]!)).toMatch(
      /^ticket: refunds picked it up 10\dms after triage handed it over, over the 50ms limit$/,
    );
  });

  it('flags a receiver that never acts, and counts a person step as a person picking it up', () => {
    const never = timeline(
      turn('triage', 0),
      handoff('triage', 'refunds', 1, 100),
      turn('triage', 3),
    );
    expect(lostWork.run(never, labels, {})).toMatchObject([{ observed: { reason: 'unanswered' } }]);

    const person = timeline(
      turn('triage', 0),
      handoff('triage', 'supervisor', 1, 100),
      personStep(2),
      handoff('supervisor', 'triage', 2),
      turn('triage', 2),
    );
    expect(
      lostWork.run(person, effectLabels(undefined, { work: 'ticket', maxWaitMs: 150 }), {}),
    ).toEqual([]);
  });

  it('passes a receiver that acts within the limit', () => {
    const t = timeline(turn('triage', 0), handoff('triage', 'refunds', 1, 100), ack('refunds', 1));
    expect(lostWork.run(t, labels, {})).toEqual([]);
    expect(lostWork.opportunities(t, labels, {})).toEqual({ 'ownership.lost_work': 2 });
  });
});
