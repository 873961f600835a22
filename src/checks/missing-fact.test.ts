import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { factWords } from '../model/fact-words.ts';
import { payloadContains } from './contains-text.ts';
import { describeFinding } from './describe-finding.ts';
import { findFact } from './find-fact.ts';
import { missingFact } from './missing-fact.ts';
import { expect_, handoff, labels, timeline } from './timeline-fixtures.ts';

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

  it('judges no fact a step gave only after an early handoff: the sender could not carry it yet', () => {
    // The customer gives the order number at step 1; triage hands over at step 0 (handoff.early).
    const expected = expect_('triage', 'refunds', 1, { carry: { order_id: 'A-1005', amount: 40 } });
    const l = {
      ...labels([expected]),
      facts: [
        { name: 'order_id', value: 'A-1005', step: 1, source: { kind: 'said', by: 'customer' } },
        { name: 'amount', value: '40', step: 0, source: { kind: 'said', by: 'customer' } },
      ] as const,
    };
    const t = timeline(handoff('triage', 'refunds', 0, { payload: {} }));

    const findings = missingFact.run(t, l, {});

    expect(findings.map(describeFinding)).toEqual([
      'triage → refunds at step 0 did not carry amount = 40',
    ]);
    expect(missingFact.opportunities(t, l, {})).toEqual({ 'handoff.missing_fact': 1 });
  });

  it('in a recorded trace (no steps written), judges an early handoff only on facts recorded by then', () => {
    // The label puts the handoff at step 1; triage handed over at step 0, before the customer
    // gave the order: the conversation it handed over holds no order number.
    const expected = expect_('triage', 'refunds', 1, { carry: { order_id: 'A-4111', amount: 55 } });
    const fromLabel = { kind: 'label', from: 'triage', to: 'refunds', stepless: true } as const;
    const l = {
      ...labels([expected]),
      facts: [
        { name: 'order_id', value: 'A-4111', step: 1, source: fromLabel },
        { name: 'amount', value: '55', step: 1, source: fromLabel },
      ],
    };
    const early = (history: unknown) =>
      handoff('triage', 'refunds', 0, { payload: { reason: 'refund' }, history });
    const codes = (t: ReturnType<typeof timeline>) =>
      missingFact.run(t, l, {}).map((f) => (f.expected as { fact: string }).fact);

    expect(codes(timeline(early([{ role: 'user', content: "I'd like a refund." }])))).toEqual([]);
    expect(missingFact.opportunities(timeline(early([])), l, {})).toEqual({
      'handoff.missing_fact': 0,
    });
    // The sender had the order (the conversation it handed over says it): owed, and missing.
    const told = [{ role: 'user', content: 'Refund order A-4111 please' }];
    expect(codes(timeline(early(told)))).toEqual(['order_id']);
    // A lookup before the handoff had it too.
    const lookup = {
      kind: 'tool_call',
      step: 0,
      at: 0,
      spanId: 'lookup',
      tool: 'lookup_order',
      args: { order_id: 'A-4111' },
      outcome: 'ok',
    } as const;
    expect(codes(timeline(lookup, early([])))).toEqual(['order_id']);
    // On time, every labelled fact is owed whatever was recorded.
    const onTime = handoff('triage', 'refunds', 1, { payload: {} });
    expect(codes(timeline(onTime))).toEqual(['order_id', 'amount']);
  });

  it('says what was carried when the key holds another value: tier "silver", expected Silver', () => {
    const t = timeline(
      handoff('triage', 'refunds', 0, { payload: { order_id: 'A-1', tier: 'silver' } }),
    );
    const l = labels([expect_('triage', 'refunds', 0, { carry: { tier: 'Silver', amount: 120 } })]);

    const findings = missingFact.run(t, l, {});

    expect(findings).toMatchObject([
      { expected: { fact: 'tier', value: 'Silver' }, observed: { found: 'silver' } },
      { expected: { fact: 'amount', value: 120 } },
    ]);
    expect(findings.map(describeFinding)).toEqual([
      'triage → refunds at step 0 carried tier = "silver", expected Silver',
      'triage → refunds at step 0 did not carry amount = 120',
    ]);
  });

  it('writes a carried number, null or object as JSON', () => {
    const t = timeline(
      handoff('triage', 'refunds', 0, {
        payload: { amount: 75, tier: null, order: { id: 'A-1' } },
      }),
    );
    const l = labels([
      expect_('triage', 'refunds', 0, { carry: { amount: 750, tier: 'gold', order: 'A-1' } }),
    ]);
    expect(missingFact.run(t, l, {}).map(describeFinding)).toEqual([
      'triage → refunds at step 0 carried amount = 75, expected 750',
      'triage → refunds at step 0 carried tier = null, expected gold',
      'triage → refunds at step 0 carried order = {"id":"A-1"}, expected A-1 (A-1 is under order.id)',
    ]);
  });

  it('reads order_id, orderId and order-id as one field, and says where a value sits under another name', () => {
    expect(findFact({ orderId: 'A-1001' }, 'order_id', 'A-1001')).toEqual({ present: true });
    expect(findFact({ Order: { ID: 7 } }, 'order.id', 7)).toEqual({ present: true });
    expect(findFact({ 'order-id': 'A-1' }, 'orderId', 'A-1')).toEqual({ present: true });
    const t = timeline(
      handoff('triage', 'refunds', 0, { payload: { ref: 'A-1001', summary: 'order A-1001' } }),
    );
    const l = labels([expect_('triage', 'refunds', 0, { carry: { order_id: 'A-1001' } })]);
    expect(missingFact.run(t, l, {}).map(describeFinding)).toEqual([
      'triage → refunds at step 0 did not carry order_id = A-1001 (A-1001 is under ref)',
    ]);
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

describe('carry: contains', () => {
  const context = {
    task: 'Refund the blender',
    context: 'Customer Ana says order #a-1001 arrived broken; she paid 750 EUR.',
  };

  it('finds a fact written inside prose, ignoring case, spacing and punctuation', () => {
    expect(findFact(context, 'order_id', 'A-1001', 'contains')).toEqual({ present: true });
    expect(findFact(context, 'amount', 750, 'contains')).toEqual({ present: true });
    expect(findFact(context, 'order_id', 'A-1001')).toEqual({ present: false });
  });

  it('matches whole tokens only: A-1001 is not in A-10012, 750 not in 7500 or CLM-750', () => {
    expect(payloadContains({ note: 'order A-10012' }, 'A-1001')).toBe(false);
    expect(payloadContains({ note: 'refund 7500 EUR' }, '750')).toBe(false);
    expect(payloadContains({ note: 'claim CLM-750, 75.00 EUR' }, '750')).toBe(false);
    expect(payloadContains({ note: 'claim CLM-3003, 1,500.00 EUR' }, '1500')).toBe(true);
    expect(payloadContains({ note: 'Refund — 750,00 €' }, '750')).toBe(true);
  });

  it('looks in nested values, arrays, numbers and JSON written inside strings', () => {
    const payload = { input: JSON.stringify({ messages: [{ text: 'Zoë\nsays Order A 1001' }] }) };
    expect(payloadContains(payload, 'a-1001')).toBe(true);
    expect(payloadContains(payload, 'zoe says')).toBe(true);
    expect(payloadContains({ items: [{ qty: 2, total: 19.5 }] }, '19.5')).toBe(true);
    expect(payloadContains('plain text mentioning A-1001.', 'A-1001')).toBe(true);
    expect(payloadContains(undefined, 'A-1001')).toBe(false);
  });

  it('is chosen per fact, or for every bare fact by the suite', () => {
    const t = timeline(handoff('lead', 'refunds', 0, { payload: context }));
    const perFact = labels([
      expect_('lead', 'refunds', 0, {
        carry: { order_id: 'A-1001', amount: 750 },
        carryMatch: { order_id: 'contains' },
      }),
    ]);
    const facts = (l: typeof perFact, o = {}) =>
      missingFact.run(t, l, o).map((f) => (f.expected as { fact: string }).fact);
    expect(facts(perFact)).toEqual(['amount']);
    expect(facts(perFact, { match: 'contains' })).toEqual([]);
    const explicit = labels([
      expect_('lead', 'refunds', 0, { carry: { amount: 750 }, carryMatch: { amount: 'equals' } }),
    ]);
    expect(facts(explicit, { match: 'contains' })).toEqual(['amount']);
  });

  test.prop([
    fc.string({ maxLength: 12 }),
    fc.string({ maxLength: 12 }),
    fc.string({ maxLength: 12 }),
  ])('text planted between any words, in any case, is always found', (before, fact, after) => {
    fc.pre(factWords(fact).words.length > 0);
    const text = `${before} ${fact.toUpperCase()} ${after}`;
    expect(payloadContains({ deep: [{ text }] }, fact)).toBe(true);
  });
});
