import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { bounce } from './bounce.ts';
import { describeFinding } from './describe-finding.ts';
import { handoffTiming } from './handoff-timing.ts';
import { missingFact } from './missing-fact.ts';
import { expect_, handoff, labels, timeline } from './timeline-fixtures.ts';

const codes = (t: ReturnType<typeof timeline>, l: ReturnType<typeof labels>) =>
  handoffTiming
    .run(t, l, {})
    .map((f) => `${f.code}@${f.step}${f.distance ? `(${f.distance})` : ''}`);

describe('handoff-timing', () => {
  it("says a missed handoff's sender never handed off only when it made no handoff at all", () => {
    const missed = (t: ReturnType<typeof timeline>) =>
      handoffTiming
        .run(
          t,
          labels([expect_('supervisor', 'planner', 0), expect_('supervisor', 'coder', 1)]),
          {},
        )
        .filter((f) => f.code === 'handoff.missed')
        .map((f) => describeFinding(f));

    expect(missed(timeline())).toEqual([
      'expected supervisor → planner at step 0, but supervisor never handed off',
      'expected supervisor → coder at step 1, but supervisor never handed off',
    ]);
    // It sent the coder at step 0: taken as the step-1 handoff, early; planner is missed.
    expect(missed(timeline(handoff('supervisor', 'coder', 0)))).toEqual([
      'expected supervisor → planner at step 0, but supervisor made no such handoff (it made 1 other)',
    ]);
  });

  it('passes a handoff inside its window', () => {
    expect(
      codes(timeline(handoff('triage', 'refunds', 1)), labels([expect_('triage', 'refunds', 1)])),
    ).toEqual(['handoff.on_time@1']);
  });

  it('says late and by how many steps when the handoff comes after the window', () => {
    expect(
      codes(
        timeline(handoff('triage', 'refunds', 4)),
        labels([expect_('triage', 'refunds', [1, 2])]),
      ),
    ).toEqual(['handoff.late@4(2)']);
  });

  it('says early with a negative distance when the handoff comes before the window', () => {
    expect(
      codes(
        timeline(handoff('triage', 'supervisor', 0)),
        labels([expect_('triage', 'supervisor', 2)]),
      ),
    ).toEqual(['handoff.early@0(-2)']);
  });

  it('says missed at the start of the window when the sender never hands off', () => {
    const [f] = handoffTiming.run(timeline(), labels([expect_('triage', 'billing', [1, 3])]), {});
    expect(f).toMatchObject({ code: 'handoff.missed', outcome: 'fail', step: 1, observed: null });
  });

  it('accepts a listed alternative target and flags any other as wrong_target', () => {
    const l = labels([expect_('triage', 'billing', 1, { alternatives: ['supervisor'] })]);
    expect(codes(timeline(handoff('triage', 'supervisor', 1)), l)).toEqual(['handoff.on_time@1']);
    expect(codes(timeline(handoff('triage', 'sales', 1)), l)).toEqual(['handoff.wrong_target@1']);
  });

  it('flags every handoff in a no-handoff case as unneeded', () => {
    expect(
      codes(
        timeline(handoff('triage', 'supervisor', 0), handoff('supervisor', 'billing', 1)),
        labels([]),
      ),
    ).toEqual(['handoff.unneeded@0', 'handoff.unneeded@1']);
  });

  it('leaves a bounce to the bounce check, unless that check is off', () => {
    const t = timeline(handoff('triage', 'supervisor', 0), handoff('supervisor', 'triage', 1));
    expect(codes(t, labels([]))).toEqual(['handoff.unneeded@0']);
    const alone = handoffTiming.run(t, labels([]), { bouncesAsUnneeded: true });
    expect(alone.map((f) => `${f.code}@${f.step}`)).toEqual([
      'handoff.unneeded@0',
      'handoff.unneeded@1',
    ]);
  });

  it('does not blame a bounce for the correct escalation that follows it', () => {
    const t = timeline(
      handoff('triage', 'refunds', 0),
      handoff('refunds', 'triage', 1),
      handoff('refunds', 'supervisor', 2),
    );
    const l = labels([expect_('triage', 'refunds', 0), expect_('refunds', 'supervisor', 2)]);
    expect(codes(t, l)).toEqual(['handoff.on_time@0', 'handoff.on_time@2']);
    expect(bounce.run(t, l, {}).map((f) => f.code)).toEqual(['handoff.bounced']);
  });

  it('docs/verdicts.md example 1: the bounce in the escalation’s own step is not its wrong target', () => {
    const t = timeline(
      handoff('triage', 'refunds', 0),
      handoff('refunds', 'triage', 2),
      handoff('refunds', 'supervisor', 2, { payload: { amount: 750 } }),
    );
    const l = labels([
      expect_('triage', 'refunds', 0),
      expect_('refunds', 'supervisor', 2, { carry: { amount: 750 } }),
    ]);
    expect(codes(t, l)).toEqual(['handoff.on_time@0', 'handoff.on_time@2']);
    expect(bounce.run(t, l, {}).map((f) => `${f.code}@${f.step}`)).toEqual(['handoff.bounced@2']);
    expect(missingFact.run(t, l, {})).toEqual([]);
  });

  it('calls a handoff elsewhere before the window unneeded, and the expectation missed', () => {
    const t = timeline(handoff('triage', 'billing', 0));
    const l = labels([expect_('triage', 'refunds', 1, { carry: { order_id: 'A-1001' } })]);
    expect(codes(t, l)).toEqual(['handoff.missed@1', 'handoff.unneeded@0']);
    expect(missingFact.run(t, l, {})).toEqual([]);
  });

  it('calls a handoff to another receiver in the window wrong_target, without a missing fact', () => {
    const t = timeline(handoff('triage', 'billing', 1, { payload: { note: 'refund please' } }));
    const l = labels([expect_('triage', 'refunds', 1, { carry: { order_id: 'A-1001' } })]);
    expect(codes(t, l)).toEqual(['handoff.wrong_target@1']);
    expect(missingFact.run(t, l, {})).toEqual([]);
  });

  it('matches expectations in order, each after the previous match (a line of three)', () => {
    const t = timeline(handoff('sales', 'quotes', 1), handoff('quotes', 'invoicing', 3));
    const l = labels([expect_('sales', 'quotes', 1), expect_('quotes', 'invoicing', 3)]);
    expect(codes(t, l)).toEqual(['handoff.on_time@1', 'handoff.on_time@3']);
  });

  test.prop([
    fc.integer({ min: 0, max: 20 }),
    fc.integer({ min: 0, max: 5 }),
    fc.integer({ min: 1, max: 20 }),
  ])(
    'moving an on-time handoff k steps after its window makes it late by exactly k',
    (first, width, k) => {
      const last = first + width;
      const l = labels([expect_('a', 'b', [first, last])]);
      const onTime = handoffTiming.run(timeline(handoff('a', 'b', last)), l, {});
      const moved = handoffTiming.run(timeline(handoff('a', 'b', last + k)), l, {});
      expect(onTime.map((f) => f.code)).toEqual(['handoff.on_time']);
      expect(moved).toMatchObject([{ code: 'handoff.late', distance: k, step: last + k }]);
    },
  );

  test.prop([fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 20 })])(
    'moving an on-time handoff k steps before its window makes it early by exactly -k',
    (k, extra) => {
      const first = k + extra;
      const l = labels([expect_('a', 'b', [first, first + 1])]);
      const moved = handoffTiming.run(timeline(handoff('a', 'b', first - k)), l, {});
      expect(moved).toMatchObject([{ code: 'handoff.early', distance: -k }]);
    },
  );

  test.prop([
    fc.array(
      fc.tuple(fc.constantFrom('a', 'b', 'c', 'p'), fc.constantFrom('a', 'b', 'c', 'p'), fc.nat(9)),
      { maxLength: 8 },
    ),
  ])(
    'every observed handoff is accounted for exactly once: matched, unneeded or bounced',
    (raw) => {
      const observed = raw.map(([f, t, s]) => handoff(f, t, s));
      const tl = timeline(...observed);
      const l = labels([expect_('a', 'b', 2), expect_('b', 'p', 4)]);
      const findings = handoffTiming.run(tl, l, {});
      // A bounce finding names the bounced handoff last.
      const bounced = bounce.run(tl, l, {}).map((f) => f.spanIds.at(-1));
      const spanIds = [...findings.flatMap((f) => f.spanIds), ...bounced];
      expect(new Set(spanIds).size).toBe(spanIds.length);
      expect(spanIds.length).toBe(observed.length);
      expect(findings.filter((f) => f.code !== 'handoff.unneeded')).toHaveLength(2);
    },
  );
});
