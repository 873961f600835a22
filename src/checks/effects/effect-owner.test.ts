import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { describeFinding } from '../describe-finding.ts';
import { effect, effectLabels, expectEffect, timeline } from './effect-fixtures.ts';
import { effectOwner } from './effect-owner.ts';

describe('effect-owner', () => {
  it('flags an effect committed by an agent other than the labelled owner', () => {
    const e = effect('refund', 'A-1', 'billing', 2);
    const l = effectLabels([expectEffect('refund', 'A-1', 1, 'refunds')]);
    const findings = effectOwner.run(timeline(e), l, {});

    expect(findings).toEqual([
      {
        check: 'effect-owner',
        code: 'effect.unowned',
        outcome: 'fail',
        step: 2,
        expected: { effect: 'refund', key: 'A-1', owner: 'refunds' },
        observed: { effect: 'refund', key: 'A-1', agent: 'billing' },
        spanIds: [e.spanId],
      },
    ]);
    expect(describeFinding(findings[0]!)).toBe(
      'billing committed refund A-1; its owner is refunds',
    );
  });

  it('reads the owner the span declared when the label names none, and the label wins', () => {
    const declared = { ...effect('refund', 'A-1', 'billing', 1), owner: 'refunds' };
    expect(effectOwner.run(timeline(declared), effectLabels(), {})).toHaveLength(1);
    const l = effectLabels([expectEffect('refund', 'A-1', 1, 'billing')]);
    expect(effectOwner.run(timeline(declared), l, {})).toEqual([]);
  });

  it('counts an effect by an unknown agent as unowned, and judges nothing without an owner', () => {
    const l = effectLabels([expectEffect('refund', 'A-1', 1, 'refunds')]);
    const anonymous = effectOwner.run(timeline(effect('refund', 'A-1', undefined, 1)), l, {});
    expect(describeFinding(anonymous[0]!)).toBe(
      'an unknown agent committed refund A-1; its owner is refunds',
    );
    const unlabelled = timeline(effect('email', 'x', 'billing', 1));
    expect(effectOwner.run(unlabelled, l, {})).toEqual([]);
    expect(effectOwner.opportunities(unlabelled, l, {})).toEqual({ 'effect.unowned': 0 });
  });

  test.prop([fc.array(fc.constantFrom('refunds', 'billing', 'triage'), { maxLength: 8 })])(
    'one finding per commit by someone else, none for the owner',
    (agents) => {
      const events = agents.map((a, i) => effect('refund', 'A-1', a, i));
      const l = effectLabels([expectEffect('refund', 'A-1', agents.length, 'refunds')]);
      const findings = effectOwner.run(timeline(...events), l, {});
      expect(findings).toHaveLength(agents.filter((a) => a !== 'refunds').length);
    },
  );
});
