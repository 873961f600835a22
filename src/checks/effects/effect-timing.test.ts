import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { describeFinding } from '../describe-finding.ts';
import {
  ack,
  claim,
  decision,
  effect,
  effectLabels,
  handoff,
  release,
  timeline,
} from './effect-fixtures.ts';
import { effectTiming } from './effect-timing.ts';

const run = (...events: Parameters<typeof timeline>) =>
  effectTiming.run(timeline(...events), effectLabels(), {});

describe('effect-timing: before_ack', () => {
  it('flags an effect by the receiver between the handoff to it and its acceptance', () => {
    const h = handoff('triage', 'refunds', 1);
    const e = effect('refund', 'A-1', 'refunds', 1);
    const findings = run(h, e, ack('refunds', 1, 'triage'), effect('email', 'c', 'refunds', 2));

    expect(findings).toEqual([
      {
        check: 'effect-timing',
        code: 'effect.before_ack',
        outcome: 'fail',
        step: 1,
        expected: { agent: 'refunds', from: 'triage' },
        observed: { effect: 'refund', key: 'A-1', agent: 'refunds', from: 'triage' },
        spanIds: [h.spanId, e.spanId],
      },
    ]);
    expect(describeFinding(findings[0]!)).toBe(
      'refunds committed refund A-1 before accepting the handoff from triage',
    );
  });

  it('does not judge agents that never acknowledge anything', () => {
    expect(run(handoff('triage', 'refunds', 1), effect('refund', 'A-1', 'refunds', 1))).toEqual([]);
  });

  it('a repeated delivery to an agent that already accepted opens no new wait', () => {
    const findings = run(
      handoff('triage', 'refunds', 1),
      ack('refunds', 1),
      handoff('triage', 'refunds', 1),
      effect('refund', 'A-1', 'refunds', 2),
    );
    expect(findings).toEqual([]);
  });
});

describe('effect-timing: an escalation to one of the case’s people', () => {
  const withPeople = (...events: Parameters<typeof timeline>) =>
    effectTiming.run(
      timeline(...events),
      effectLabels(undefined, undefined, ['supervisor', 'manager']),
      {},
    );

  it('keeps the work with the agent that asked: telling the customer to wait, or acting on the answer', () => {
    const asked = handoff('refunds', 'supervisor', 1);

    expect(withPeople(asked, effect('email', 'wait', 'refunds', 1, { at: 150 }))).toEqual([]);
    expect(
      withPeople(asked, decision('supervisor', 'deny', 2), effect('close', 'A-1', 'refunds', 2)),
    ).toEqual([]);
  });

  it('stays with the agent while the question passes from person to person', () => {
    const chain = [handoff('refunds', 'supervisor', 1), handoff('supervisor', 'manager', 1)];

    expect(withPeople(...chain, effect('email', 'wait', 'refunds', 2))).toEqual([]);
  });

  it('is released once the person sends the work to someone else', () => {
    const findings = withPeople(
      handoff('refunds', 'supervisor', 1),
      handoff('supervisor', 'billing', 2),
      effect('refund', 'A-1', 'refunds', 3),
    );

    expect(findings).toMatchObject([
      { code: 'effect.after_release', observed: { agent: 'refunds', to: 'billing' } },
    ]);
  });

  it('is a release like any handoff when the case names no people', () => {
    expect(
      run(handoff('refunds', 'supervisor', 1), effect('email', 'wait', 'refunds', 2)),
    ).toMatchObject([{ code: 'effect.after_release' }]);
  });
});

describe('effect-timing: after_release', () => {
  it('flags the sender committing after handing the work on, until it is handed back', () => {
    const out = handoff('refunds', 'supervisor', 1);
    const late = effect('refund', 'A-1', 'refunds', 2);
    const findings = run(
      out,
      late,
      handoff('supervisor', 'refunds', 3),
      effect('email', 'c', 'refunds', 3),
    );

    expect(findings).toMatchObject([
      {
        code: 'effect.after_release',
        step: 2,
        observed: { agent: 'refunds', to: 'supervisor' },
        spanIds: [out.spanId, late.spanId],
      },
    ]);
    expect(describeFinding(findings[0]!)).toBe(
      'refunds committed refund A-1 after handing the work to supervisor',
    );
  });

  it('flags an effect after releasing a claim, until the agent claims again', () => {
    const findings = run(
      claim('T-1', 'refunds', 1),
      release('T-1', 'refunds', 1),
      effect('refund', 'A-1', 'refunds', 2),
      claim('T-1', 'refunds', 3),
      effect('email', 'c', 'refunds', 3),
    );
    expect(findings).toHaveLength(1);
    expect(describeFinding(findings[0]!)).toBe(
      'refunds committed refund A-1 after releasing its claim on T-1',
    );
  });

  it('an effect inside the handoff itself (the escalation tool opening its ticket) is part of it', () => {
    // An Agents SDK escalation tool: its function span is the handoff to the person, and the
    // ticket it opens over HTTP is committed while that span is open.
    const escalation = { ...handoff('refunds', 'supervisor', 0, 10), end: 30 };
    const ticket = effect('escalation', 'A-2002', 'refunds', 0, { at: 20 });
    const refundBeforeApproval = effect('refund', 'A-2002', 'refunds', 0, { at: 40 });
    const findings = run(escalation, ticket, refundBeforeApproval);

    expect(findings).toMatchObject([
      { code: 'effect.after_release', observed: { effect: 'refund', to: 'supervisor' } },
    ]);
  });

  it('a rejected handoff gives the work back to its sender', () => {
    const findings = run(
      handoff('triage', 'billing', 1),
      { kind: 'reject', step: 1, at: 150, spanId: 'r', by: 'billing', reason: 'no', missing: [] },
      effect('email', 'c', 'triage', 2),
    );
    expect(findings).toEqual([]);
  });

  test.prop([fc.array(fc.constantFrom('a', 'b', 'c'), { minLength: 1, maxLength: 6 })])(
    'an agent that acts only while it holds the work is never flagged',
    (path) => {
      // The work walks a → path…, each holder commits an effect before passing it on.
      const events = [];
      let holder = 'start';
      path.forEach((next, step) => {
        events.push(effect('e', String(step), holder, step));
        if (next !== holder) {
          events.push(handoff(holder, next, step));
          events.push(ack(next, step));
        }
        holder = next;
      });
      events.push(effect('e', 'last', holder, path.length));
      expect(run(...events)).toEqual([]);
    },
  );
});

describe('effect-timing: an order the spans do not record', () => {
  // A service's spans start in whole milliseconds, and the export lists the spans of one
  // millisecond in no reliable order (an OTLP request groups them by tracer).
  const codes = (...events: Parameters<typeof timeline>) => run(...events).map((f) => f.code);

  it('fails before_ack only when the acceptance surely came after the effect', () => {
    const h = handoff('billing', 'refunds', 1, 100);
    const e = effect('refund', 'A-1', 'refunds', 1, { at: 101 });
    const a = { ...ack('refunds', 1, 'billing'), at: 101 };
    expect(codes(h, e, a)).toEqual([]);
    expect(codes(h, e, { ...a, at: 102 })).toEqual(['effect.before_ack']);
    // Starts inside the millisecond (Baton's own spans, SDKs that keep nanoseconds) are exact.
    expect(codes(h, { ...e, at: 101.2 }, { ...a, at: 101.5 })).toEqual(['effect.before_ack']);
  });

  it('does not fail before_ack on an effect begun in the millisecond of the handoff to it', () => {
    const h = handoff('billing', 'refunds', 1, 101);
    const e = effect('refund', 'A-1', 'refunds', 1, { at: 101 });
    expect(codes(h, e, { ...ack('refunds', 1, 'billing'), at: 105 })).toEqual([]);
  });

  it('fails after_release only when the handoff surely came before the effect', () => {
    const e = effect('refund', 'A-1', 'triage', 1, { at: 101 });
    expect(codes(handoff('triage', 'refunds', 1, 101), e)).toEqual([]);
    expect(codes(handoff('triage', 'refunds', 1, 100), e)).toEqual(['effect.after_release']);
    // Handed back in the effect's millisecond: it may have been the triage's again.
    expect(
      codes(handoff('triage', 'refunds', 1, 100), e, handoff('refunds', 'triage', 1, 101)),
    ).toEqual([]);
  });
});

describe('effect-timing: tool calls that ran side by side', () => {
  // One model response asked for both calls; the framework ran them at once.
  const batch = (lane: string) => ({ sideBySide: { batch: 'turn#0', lane } });
  const codes = (...events: Parameters<typeof timeline>) => run(...events).map((f) => f.code);

  it('does not fail after_release on an effect made in a call beside the handoff', () => {
    const h = { ...handoff('billing', 'refunds', 1, 100.2), ...batch('transfer') };
    const e = { ...effect('ticket', 'INV-7', 'billing', 1, { at: 100.4 }), ...batch('ticket') };
    expect(codes(h, e)).toEqual([]);
  });

  it('still fails an effect made after the handoff in the same call, or in a later batch', () => {
    const h = { ...handoff('billing', 'refunds', 1, 100.2), ...batch('transfer') };
    const same = {
      ...effect('ticket', 'INV-7', 'billing', 1, { at: 100.4 }),
      ...batch('transfer'),
    };
    expect(codes(h, same)).toEqual(['effect.after_release']);
    const later = {
      ...effect('ticket', 'INV-7', 'billing', 1, { at: 100.4 }),
      sideBySide: { batch: 'turn#1', lane: 'ticket' },
    };
    expect(codes(h, later)).toEqual(['effect.after_release']);
    const outside = effect('ticket', 'INV-7', 'billing', 1, { at: 100.4 });
    expect(codes(h, outside)).toEqual(['effect.after_release']);
  });
});
