import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { describeFinding } from './describe-finding.ts';
import { handoffReason, normalReason } from './handoff-reason.ts';
import { expect_, handoff, labels, timeline } from './timeline-fixtures.ts';

const policy = labels([expect_('refunds', 'supervisor', 1, { reason: 'policy_gate' })]);

describe('handoff-reason', () => {
  it('flags a matched handoff whose stated reason differs from the label', () => {
    const t = timeline(handoff('refunds', 'supervisor', 1, { reason: 'low_confidence' }));
    const findings = handoffReason.run(t, policy, {});

    expect(findings).toMatchObject([
      {
        code: 'handoff.wrong_reason',
        step: 1,
        expected: { reason: 'policy_gate' },
        observed: { reason: 'low_confidence' },
      },
    ]);
    expect(describeFinding(findings[0]!)).toBe(
      'refunds → supervisor at step 1 gave reason low_confidence; expected policy_gate',
    );
  });

  it('reads `Policy gate` and `policy-gate` as policy_gate, and judges late handoffs too', () => {
    const t = timeline(handoff('refunds', 'supervisor', 3, { reason: 'Policy gate' }));
    expect(handoffReason.run(t, policy, {})).toEqual([]);
    expect(normalReason(' POLICY-gate ')).toBe('policy_gate');
  });

  it('does not judge a handoff that states no reason, unless the suite requires one', () => {
    const t = timeline(handoff('refunds', 'supervisor', 1));
    expect(handoffReason.run(t, policy, {})).toEqual([]);
    expect(handoffReason.opportunities(t, policy, {})).toEqual({ 'handoff.wrong_reason': 0 });
    const required = handoffReason.run(t, policy, { require: true });
    expect(describeFinding(required[0]!)).toBe(
      'refunds → supervisor at step 1 gave no reason; expected policy_gate',
    );
  });

  it('does not judge missed or wrong-target handoffs, nor labels without a reason', () => {
    const wrongTarget = timeline(handoff('refunds', 'billing', 1, { reason: 'other' }));
    expect(handoffReason.run(wrongTarget, policy, {})).toEqual([]);
    expect(handoffReason.run(timeline(), policy, {})).toEqual([]);
    const unlabelled = labels([expect_('refunds', 'supervisor', 1)]);
    const t = timeline(handoff('refunds', 'supervisor', 1, { reason: 'x' }));
    expect(handoffReason.run(t, unlabelled, {})).toEqual([]);
  });
});

describe('handoff-reason properties', () => {
  const reason = fc.stringMatching(/^[a-z]{1,6}(_[a-z]{1,6}){0,2}$/);
  const spelled = (r: string, seps: readonly string[], upper: boolean) => {
    let k = 0;
    const text = r.replace(/_/g, () => seps[k++ % seps.length] ?? '_');
    return upper ? text.toUpperCase() : text;
  };
  const seps = fc.array(fc.constantFrom('_', ' ', '-', '  '), { minLength: 1, maxLength: 3 });

  test.prop([reason, seps, fc.boolean(), fc.nat(3)])(
    'a reason spelled with other case, spaces or hyphens is the same reason',
    (r, separators, upper, step) => {
      const l = labels([expect_('a', 'b', step, { reason: r })]);
      const t = timeline(handoff('a', 'b', step, { reason: spelled(r, separators, upper) }));
      expect(handoffReason.run(t, l, {})).toEqual([]);
    },
  );

  test.prop([reason, reason, fc.nat(3)])(
    'two different reasons always fail',
    (want, stated, step) => {
      fc.pre(want !== stated);
      const l = labels([expect_('a', 'b', step, { reason: want })]);
      const t = timeline(handoff('a', 'b', step, { reason: stated }));
      expect(handoffReason.run(t, l, {}).map((f) => f.code)).toEqual(['handoff.wrong_reason']);
    },
  );
});
