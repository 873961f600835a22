import { describe, expect, it } from 'vitest';
import { describeFinding } from '../describe-finding.ts';
import {
  decision,
  effect,
  effectLabels,
  handoff,
  personStep,
  timeline,
  turn,
} from './effect-fixtures.ts';
import { declines, noWayBack } from './no-way-back.ts';

const run = (...events: Parameters<typeof timeline>) =>
  noWayBack.run(timeline(...events), effectLabels(), {});

describe('no-way-back', () => {
  it('flags a person who decided on work they held when nothing moved afterwards', () => {
    const step = personStep(2);
    const findings = run(
      turn('refunds', 1),
      handoff('refunds', 'supervisor', 1),
      step,
      turn('x', 3),
    );

    expect(findings).toEqual([
      {
        check: 'no-way-back',
        code: 'ownership.no_way_back',
        outcome: 'fail',
        step: 2,
        expected: { person: 'supervisor' },
        observed: { person: 'supervisor' },
        spanIds: [step.spanId],
      },
    ]);
    expect(describeFinding(findings[0]!)).toBe(
      'supervisor decided at step 2, and the work never moved on',
    );
  });

  it("counts an effect the spans cannot place before the decision: a service's whole-millisecond start", () => {
    // Baton's step span starts at 200.042; the refund the service made in that request is
    // stamped 200 (its true start lies in 200 – 201).
    const events = (at: number) => [
      turn('refunds', 1),
      handoff('refunds', 'supervisor', 1),
      { ...personStep(2, 'supervisor', 'approve'), at: 200.042 },
      effect('refund', 'A-1', 'refunds', 2, { at }),
    ];
    expect(run(...events(200))).toEqual([]);
    expect(run(...events(199))).toHaveLength(1);
  });

  it('names the decision when a decision event carries it, once per step', () => {
    const findings = run(
      turn('refunds', 1),
      handoff('refunds', 'supervisor', 1),
      personStep(2),
      decision('supervisor', 'approve', 2),
    );
    expect(findings).toHaveLength(1);
    expect(describeFinding(findings[0]!)).toBe(
      'supervisor decided approve at step 2, and the work never moved on',
    );
  });

  it('takes a person step naming someone who does not hold the work as news, not a decision', () => {
    // The deployer (an agent of the case, never traced) holds the work; the tech lead writes a note.
    const events = [
      turn('reviewer', 1),
      handoff('reviewer', 'deployer', 1),
      personStep(2, 'tech_lead', 'ok'),
    ];
    const labelled = effectLabels(undefined, undefined, ['tech_lead']);

    expect(noWayBack.run(timeline(...events), labelled, {})).toEqual([]);
    expect(noWayBack.run(timeline(...events), effectLabels(), {})).toEqual([]);
  });

  it('knows the case’s people: an untraced agent holding the work does not decide a person step', () => {
    const events = [turn('reviewer', 1), handoff('reviewer', 'deployer', 1), personStep(2)];

    expect(
      noWayBack.run(timeline(...events), effectLabels(undefined, undefined, ['tech_lead']), {}),
    ).toEqual([]);
  });

  it('lets a decision that says no end the work; one that says yes must be carried on', () => {
    const escalated = [turn('reviewer', 1), handoff('reviewer', 'release_manager', 1)];

    expect(run(...escalated, personStep(2, 'release_manager', 'deny'))).toEqual([]);
    expect(run(...escalated, personStep(2, 'release_manager', 'Rejected'))).toEqual([]);
    expect(run(...escalated, personStep(2, 'release_manager', 'approve'))).toHaveLength(1);
    expect(
      noWayBack.opportunities(
        timeline(...escalated, personStep(2, 'release_manager', 'deny')),
        effectLabels(),
        {},
      ),
    ).toEqual({ 'ownership.no_way_back': 0 });
  });

  it('reads a negated yes as a no, a negated no as a yes, and a hold as a no for now', () => {
    for (const no of [
      'not approved',
      "don't refund",
      'Do not approve.',
      'I won’t sign off',
      'hold',
      'on hold',
      'never',
    ])
      expect(declines(no), no).toBe(true);
    for (const yes of [
      'approve',
      'approved: pay it',
      'not denied',
      'refund it',
      'nothing to add, approve',
    ])
      expect(declines(yes), yes).toBe(false);
  });

  it('passes when the person hands back, or anyone commits an effect afterwards', () => {
    const handover = [turn('refunds', 1), handoff('refunds', 'supervisor', 1), personStep(2)];
    expect(run(...handover, handoff('supervisor', 'refunds', 2))).toEqual([]);
    expect(run(...handover, effect('refund', 'A-1', 'refunds', 3))).toEqual([]);
  });

  it('counts a hand-back emitted in the same step before the decision span', () => {
    const t = [turn('refunds', 1), handoff('refunds', 'supervisor', 1)];
    const back = handoff('supervisor', 'refunds', 2);
    expect(run(...t, personStep(2), back, decision('supervisor', 'approve', 2))).toEqual([]);
  });

  it('does not judge a person step while an agent holds the work', () => {
    const t = timeline(turn('refunds', 1), personStep(2), turn('refunds', 2));
    expect(noWayBack.run(t, effectLabels(), {})).toEqual([]);
    expect(noWayBack.opportunities(t, effectLabels(), {})).toEqual({ 'ownership.no_way_back': 0 });
  });
});
