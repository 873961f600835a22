import { describe, expect, it } from 'vitest';
import type { TimelineEvent } from '../model/timeline.ts';
import { bounce } from './bounce.ts';
import { describeFinding } from './describe-finding.ts';
import { analyseHandoffs } from './handoff-analysis.ts';
import { handoffTiming } from './handoff-timing.ts';
import { expect_, handoff, labels, rejection, timeline, turn } from './timeline-fixtures.ts';

const codes = (t: ReturnType<typeof timeline>, l: ReturnType<typeof labels>) => [
  ...handoffTiming.run(t, l, {}).map((f) => `${f.code}@${f.step}`),
  ...bounce.run(t, l, {}).map((f) => `${f.code}@${f.step}`),
];

describe('bounce: a return', () => {
  it('flags A → B → A when the return is not expected', () => {
    const t = timeline(handoff('billing', 'refunds', 1), handoff('refunds', 'billing', 2));
    const findings = bounce.run(t, labels([expect_('billing', 'refunds', 1)]), {});
    expect(findings).toMatchObject([
      { code: 'handoff.bounced', step: 2, observed: { path: ['billing', 'refunds', 'billing'] } },
    ]);
    expect(describeFinding(findings[0] as never)).toBe(
      'work bounced billing → refunds → billing (returned at step 2)',
    );
  });

  it('accepts an agent → person → agent return that the labels expect', () => {
    const t = timeline(handoff('refunds', 'supervisor', 1), handoff('supervisor', 'refunds', 3));
    const l = labels([expect_('refunds', 'supervisor', 1), expect_('supervisor', 'refunds', 3)]);
    expect(bounce.run(t, l, {})).toEqual([]);
  });

  it('is no bounce when the receiver did the work first: the finished work coming back', () => {
    const refunded: TimelineEvent = {
      kind: 'effect',
      step: 1,
      at: 150,
      spanId: 'refund',
      effect: 'refund',
      key: 'A-1',
      outcome: 'committed',
      via: 'span',
      agent: 'refunds',
    };
    const out = { ...handoff('triage', 'refunds', 1), at: 100 };
    const back = { ...handoff('refunds', 'triage', 1), at: 200 };
    const again = { ...handoff('triage', 'refunds', 2), at: 300 };

    expect(bounce.run(timeline(out, refunded, back), labels([]), {})).toEqual([]);
    // Nor a handoff nobody needed: the result coming back is not judged.
    expect(analyseHandoffs(timeline(out, refunded, back), labels([])).answers).toEqual(
      new Set([1]),
    );
    expect(bounce.run(timeline(out, refunded, back, again), labels([]), {})).toEqual([]);
    expect(bounce.run(timeline(out, back), labels([]), {})).toHaveLength(1);
    // Work by someone else in between does not count.
    const byTriage = { ...refunded, agent: 'triage' };
    expect(bounce.run(timeline(out, byTriage, back), labels([]), {})).toHaveLength(1);
  });

  it('is no bounce when the receiver called a tool first (a lookup answered), but a resend is', () => {
    const lookedUp: TimelineEvent = {
      kind: 'tool_call',
      step: 0,
      at: 150,
      spanId: 'lookup',
      tool: 'lookup_invoice',
      agent: 'billing',
    };
    const out = { ...handoff('orchestrator', 'billing', 0), at: 100 };
    const back = { ...handoff('billing', 'orchestrator', 0), at: 200 };
    const again = { ...handoff('orchestrator', 'billing', 0), at: 300 };

    expect(bounce.run(timeline(out, lookedUp, back), labels([]), {})).toEqual([]);
    expect(analyseHandoffs(timeline(out, lookedUp, back), labels([])).answers).toEqual(
      new Set([1]),
    );
    // Sending the same work out again after a mere lookup is ping-pong: only an effect ends it.
    expect(
      bounce.run(timeline(out, lookedUp, back, again), labels([]), {}).map((f) => f.step),
    ).toEqual([0]);
    // A tool the sender called, or one called after the hand-back, is no answer.
    for (const other of [
      { ...lookedUp, agent: 'orchestrator' },
      { ...lookedUp, at: 250 },
    ])
      expect(bounce.run(timeline(out, back, other), labels([]), {})).toHaveLength(1);
  });

  it('is not a return when the receiver handed the work on first', () => {
    const t = timeline(handoff('a', 'b', 0), handoff('b', 'c', 1), handoff('b', 'a', 2));
    expect(bounce.run(t, labels([]), {})).toEqual([]);
  });
});

describe('bounce: the same work sent again after it came back (ping-pong)', () => {
  const l = labels([expect_('triage', 'refunds', 1)]);

  it('after the receiver handed it back: the return and the resend both bounce', () => {
    const t = timeline(
      handoff('triage', 'refunds', 1),
      handoff('refunds', 'triage', 1),
      handoff('triage', 'refunds', 2),
    );
    expect(codes(t, l)).toEqual(['handoff.on_time@1', 'handoff.bounced@1', 'handoff.bounced@2']);
    const [, again] = bounce.run(t, l, {});
    expect(again).toMatchObject({
      observed: { path: ['triage', 'refunds', 'triage', 'refunds'], returnedBy: 'handback' },
    });
  });

  it('after the receiver rejected it', () => {
    const t = timeline(
      handoff('triage', 'refunds', 1, { at: 100 }),
      rejection('refunds', 'triage', 1, 110),
      handoff('triage', 'refunds', 1, { at: 120 }),
    );
    expect(codes(t, l)).toEqual(['handoff.on_time@1', 'handoff.bounced@1']);
    const [f] = bounce.run(t, l, {});
    expect(f && describeFinding(f)).toBe(
      'triage sent the same work to refunds again at step 1 after refunds rejected it (triage → refunds → triage → refunds)',
    );
  });

  it('after the receiver’s turn ended and the sender acted again in the same step', () => {
    const t = timeline(
      handoff('triage', 'refunds', 1, { at: 100 }),
      turn('refunds', 1, 101, 150),
      handoff('triage', 'refunds', 1, { at: 160 }),
    );
    expect(codes(t, l)).toEqual(['handoff.on_time@1', 'handoff.bounced@1']);
    expect(bounce.run(t, l, {})[0]).toMatchObject({ observed: { returnedBy: 'answer' } });
  });

  it('is unneeded, not a bounce, while the receiver is still working (a retry or a race)', () => {
    const t = timeline(
      handoff('triage', 'refunds', 1, { at: 100 }),
      turn('refunds', 1, 101, 200),
      handoff('triage', 'refunds', 1, { at: 160 }),
    );
    expect(codes(t, l)).toEqual(['handoff.on_time@1', 'handoff.unneeded@1']);
  });

  it('is unneeded, not a bounce, when a new step brought new input to the sender', () => {
    const t = timeline(
      handoff('triage', 'refunds', 1, { at: 100 }),
      turn('refunds', 1, 101, 150),
      handoff('triage', 'refunds', 2, { at: 200 }),
    );
    expect(codes(t, l)).toEqual(['handoff.on_time@1', 'handoff.unneeded@2']);
  });

  it('is neither when the labels expect the second delegation', () => {
    const t = timeline(
      handoff('triage', 'refunds', 1, { at: 100 }),
      rejection('refunds', 'triage', 1, 110),
      handoff('triage', 'refunds', 1, { at: 120 }),
    );
    const twice = labels([expect_('triage', 'refunds', 1), expect_('triage', 'refunds', 1)]);
    expect(codes(t, twice)).toEqual(['handoff.on_time@1', 'handoff.on_time@1']);
  });

  it('ignores a rejection another sender received', () => {
    const t = timeline(
      handoff('triage', 'refunds', 1, { at: 100 }),
      rejection('refunds', 'billing', 1, 110),
      handoff('triage', 'refunds', 1, { at: 120 }),
    );
    expect(codes(t, l)).toEqual(['handoff.on_time@1', 'handoff.unneeded@1']);
  });
});
