import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { bounce } from './bounce.ts';
import { findFact } from './find-fact.ts';
import { hops } from './hops.ts';
import { missingFact } from './missing-fact.ts';
import { expect_, handoff, labels, timeline } from './timeline-fixtures.ts';

describe('bounce', () => {
  it('flags A → B → A when the return is not expected', () => {
    const t = timeline(handoff('billing', 'refunds', 1), handoff('refunds', 'billing', 2));
    const findings = bounce.run(t, labels([expect_('billing', 'refunds', 1)]), {});
    expect(findings).toMatchObject([
      { code: 'handoff.bounced', step: 2, observed: { path: ['billing', 'refunds', 'billing'] } },
    ]);
  });

  it('accepts an agent → person → agent return that the labels expect', () => {
    const t = timeline(handoff('refunds', 'supervisor', 1), handoff('supervisor', 'refunds', 3));
    const l = labels([expect_('refunds', 'supervisor', 1), expect_('supervisor', 'refunds', 3)]);
    expect(bounce.run(t, l, {})).toEqual([]);
  });
});

describe('hops', () => {
  it('flags the first handoff over the cap and names the path', () => {
    const t = timeline(handoff('a', 'b', 0), handoff('b', 'c', 1), handoff('c', 'd', 2));
    expect(hops.run(t, labels([], 2), {})).toMatchObject([
      {
        code: 'handoff.hops_exceeded',
        step: 2,
        expected: { maxHops: 2 },
        observed: { hops: 3, path: ['a', 'b', 'c', 'd'] },
      },
    ]);
  });

  it('uses the suite default only when the case sets no cap', () => {
    const t = timeline(handoff('a', 'b', 0), handoff('b', 'c', 1));
    expect(hops.run(t, labels([]), { maxHops: 1 })).toHaveLength(1);
    expect(hops.run(t, labels([], 5), { maxHops: 1 })).toEqual([]);
  });
});

describe('missing-fact', () => {
  it('flags a matched handoff whose payload lacks the labelled fact, showing what was there', () => {
    const t = timeline(
      handoff('triage', 'refunds', 1, { payload: { order: { order_id: 'A-9' } }, payloadSize: 30 }),
    );
    const l = labels([
      expect_('triage', 'refunds', 1, { carry: { order_id: 'A-1001', amount: 750 } }),
    ]);
    const findings = missingFact.run(t, l, {});
    expect(findings.map((f) => (f.expected as { fact: string }).fact)).toEqual([
      'order_id',
      'amount',
    ]);
    expect(findings[0]).toMatchObject({ step: 1, observed: { found: 'A-9' } });
  });

  it('finds facts at any depth, by dotted path, as text, and in free-text payloads', () => {
    expect(findFact({ a: [{ order_id: 'A-1' }] }, 'order_id', 'A-1')).toEqual({ present: true });
    expect(findFact({ customer: { id: 7 } }, 'customer.id', '7')).toEqual({ present: true });
    expect(findFact({ amount: 750 }, 'amount', 750)).toEqual({ present: true });
    expect(findFact('refund for order A-1 please', 'order_id', 'A-1')).toEqual({ present: true });
    expect(findFact(undefined, 'order_id', 'A-1')).toEqual({ present: false });
  });

  test.prop([
    fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), fc.jsonValue(), { maxKeys: 5 }),
    fc.string({ minLength: 1, maxLength: 8 }),
  ])('a fact planted anywhere in a payload is always found', (payload, value) => {
    const planted = { ...payload, nested: { deeper: [{ order_id: value }] } };
    expect(findFact(planted, 'order_id', value)).toEqual({ present: true });
  });
});
