import { describe, expect, it } from 'vitest';
import {
  decision,
  effect,
  handoff,
  personStep,
  timeline,
  turn,
} from './effects/effect-fixtures.ts';
import { enabledChecks, runChecks } from './registry.ts';
import { expect_, labels } from './timeline-fixtures.ts';

const failuresWith = (
  persons: readonly string[] | undefined,
  events: Parameters<typeof timeline>,
) =>
  runChecks(enabledChecks({}), timeline(...events), {
    ...labels([expect_('triage', 'refunds', 0), expect_('refunds', 'supervisor', 0)]),
    ...(persons && { persons }),
  })
    .filter((f) => f.outcome !== 'pass')
    .map((f) => `${f.code}@${f.step}`);
const failures = (...events: Parameters<typeof timeline>) => failuresWith(undefined, events);

const escalated = () => [
  turn('triage', 0),
  handoff('triage', 'refunds', 0),
  turn('refunds', 0),
  handoff('refunds', 'supervisor', 0),
];

describe("a person's answer coming back", () => {
  it('is neither bounced nor unneeded when the person decided before handing the work back', () => {
    expect(
      failures(
        ...escalated(),
        personStep(1),
        decision('supervisor', 'approve', 1),
        handoff('supervisor', 'refunds', 1),
        turn('refunds', 1),
      ),
    ).toEqual([]);
  });

  it('counts a person step of the case as the decision', () => {
    expect(failures(...escalated(), personStep(1), handoff('supervisor', 'refunds', 1))).toEqual(
      [],
    );
  });

  it('is still a bounce when the person sends the work straight back without deciding', () => {
    expect(failures(...escalated(), handoff('supervisor', 'refunds', 0))).toEqual([
      'handoff.bounced@0',
    ]);
  });

  it('is unneeded when the person passes the work to someone else', () => {
    expect(failures(...escalated(), personStep(1), handoff('supervisor', 'billing', 1))).toEqual([
      'handoff.unneeded@1',
    ]);
  });

  it("is the person's answer when the case names them, though their handoff sits in an agent turn", () => {
    // A service that wraps every handoff in withAgentTurn(from, …) does so for the supervisor too.
    const events = [
      ...escalated(),
      personStep(1),
      turn('supervisor', 1),
      handoff('supervisor', 'refunds', 1),
      turn('refunds', 1),
    ];
    expect(failuresWith(['supervisor'], events)).toEqual([]);
    expect(failuresWith(undefined, events)).toContain('handoff.bounced@1');
  });

  it('is not a person answering when the one handing back is an agent', () => {
    expect(
      failures(
        turn('triage', 0),
        handoff('triage', 'refunds', 0),
        turn('refunds', 0),
        handoff('refunds', 'supervisor', 0),
        turn('supervisor', 1),
        personStep(1),
        handoff('supervisor', 'refunds', 1),
      ),
    ).toContain('handoff.bounced@1');
  });
});

describe('finished work handed back to the hub', () => {
  // triage (the hub) → billing → refunds; refunds does the refund, then returns the case to triage.
  const failuresOf = (...events: Parameters<typeof timeline>) =>
    runChecks(
      enabledChecks({}),
      timeline(...events),
      labels([expect_('triage', 'billing', 0), expect_('billing', 'refunds', 0)]),
    )
      .filter((f) => f.outcome !== 'pass')
      .map((f) => `${f.code}@${f.step}`);
  const chain = () => [
    turn('triage', 0),
    handoff('triage', 'billing', 0),
    turn('billing', 0),
    handoff('billing', 'refunds', 0),
    turn('refunds', 0),
  ];

  it('is the result coming back when the specialist did its work first: no finding, no hop', () => {
    expect(
      failuresOf(
        ...chain(),
        effect('refund', 'A-1', 'refunds', 0),
        handoff('refunds', 'triage', 0),
      ),
    ).toEqual([]);
  });

  it('is unneeded when the specialist hands the case to the hub without doing anything', () => {
    expect(failuresOf(...chain(), handoff('refunds', 'triage', 0))).toEqual(['handoff.unneeded@0']);
  });

  it('is only the hub: finished work handed to another specialist is still unneeded', () => {
    expect(
      failuresOf(...chain(), effect('refund', 'A-1', 'refunds', 0), handoff('refunds', 'tech', 0)),
    ).toEqual(['handoff.unneeded@0']);
  });
});

describe('finished work handed back in the same model response as the work', () => {
  // triage → refunds; refunds' one response refunds and hands back: the handoff is read as the
  // response arrives, the refund is carried out after it. Side by side, they have no order.
  const response = { batch: 'model response 2', lane: '' };
  const failuresOf = (...events: Parameters<typeof timeline>) =>
    runChecks(enabledChecks({}), timeline(...events), labels([expect_('triage', 'refunds', 0)]))
      .filter((f) => f.outcome !== 'pass')
      .map((f) => `${f.code}@${f.step}`);
  const handBack = (sideBySide: boolean) => {
    const back = handoff('refunds', 'triage', 0, 50);
    const refund = effect('refund', 'A-1', 'refunds', 0, { at: 60 });
    return sideBySide
      ? [
          { ...back, sideBySide: { ...response, lane: 'back' } },
          { ...refund, sideBySide: { ...response, lane: 'refund' } },
        ]
      : [back, refund];
  };
  const start = () => [
    turn('triage', 0, 10),
    handoff('triage', 'refunds', 0, 20),
    turn('refunds', 0, 30),
  ];

  it('is the result coming back, and the refund is not after the release', () => {
    expect(failuresOf(...start(), ...handBack(true))).toEqual([]);
  });

  it('is a bounce, and a refund after letting go, when the two were not decided together', () => {
    expect(failuresOf(...start(), ...handBack(false))).toEqual([
      'handoff.bounced@0',
      'effect.after_release@0',
    ]);
  });
});
