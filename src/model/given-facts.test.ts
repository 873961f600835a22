import { describe, expect, it } from 'vitest';
import { givenFacts } from './given-facts.ts';
import type { Step } from './step.ts';

const customer = (text: string): Step => ({ kind: 'customer', text });

describe('givenFacts', () => {
  it('gives the amount where the customer says 300, not at the claim number CLM-3003', () => {
    const steps = [
      customer('I need to make a claim, a pipe burst in my kitchen. Policy POL-5555.'),
      customer('The claim number is CLM-3003.'),
      customer('The plumber charged 300 euro.'),
    ];
    const handoffs = [
      {
        from: 'front_desk',
        to: 'claims_intake',
        window: [0, 0],
        carry: { policy_number: 'POL-5555' },
      },
      {
        from: 'claims_intake',
        to: 'payments',
        window: [2, 2],
        carry: { claim_id: 'CLM-3003', amount: 300, policy_number: 'POL-5555' },
      },
    ] as const;

    const said = { kind: 'said', by: 'customer' };
    expect(givenFacts(handoffs, steps)).toEqual([
      { name: 'policy_number', value: 'POL-5555', step: 0, source: said },
      { name: 'claim_id', value: 'CLM-3003', step: 1, source: said },
      { name: 'amount', value: '300', step: 2, source: said },
    ]);
  });

  it('knows a fact no step says from the label of the handoff that must carry it', () => {
    const steps = [customer('Refund order A-2002 please, it never arrived.')];
    const handoffs = [
      { from: 'triage', to: 'refunds', window: [0, 0], carry: { order_id: 'A-2002', amount: 750 } },
    ] as const;

    expect(givenFacts(handoffs, steps)).toEqual([
      { name: 'order_id', value: 'A-2002', step: 0, source: { kind: 'said', by: 'customer' } },
      {
        name: 'amount',
        value: '750',
        step: 0,
        source: { kind: 'label', from: 'triage', to: 'refunds' },
      },
    ]);
  });

  it('says the case wrote no steps when its steps come from a recorded trace', () => {
    const handoffs = [
      { from: 'triage', to: 'refunds', window: [0, 0], carry: { order_id: 'A-3808' } },
    ] as const;

    expect(givenFacts(handoffs, [])).toEqual([
      {
        name: 'order_id',
        value: 'A-3808',
        step: 0,
        source: { kind: 'label', from: 'triage', to: 'refunds', stepless: true },
      },
    ]);
  });

  it('takes the label when the sender must carry a fact before any step says it', () => {
    const steps = [customer('My kettle leaks.'), customer('It was 120 euro.')];
    const handoffs = [
      { from: 'triage', to: 'refunds', window: [0, 0], carry: { amount: 120 } },
    ] as const;

    expect(givenFacts(handoffs, steps)).toEqual([
      {
        name: 'amount',
        value: '120',
        step: 0,
        source: { kind: 'label', from: 'triage', to: 'refunds' },
      },
    ]);
  });

  it('finds a fact in a tool step’s result, a signal and a person’s note, by the step’s kind', () => {
    const steps: Step[] = [
      {
        kind: 'tool',
        name: 'lookup_order',
        ok: true,
        result: { note: 'Order:\nA-1001', total: 750 },
      },
      { kind: 'signal', values: { tier: 'Gold' } },
      { kind: 'person', who: 'supervisor', decision: 'approve', note: 'case SUP-77' },
    ];
    const handoffs = [
      {
        from: 'triage',
        to: 'refunds',
        window: [2, 2],
        carry: { order_id: 'A-1001', amount: 750, tier: 'gold', ticket: 'SUP-77' },
      },
    ] as const;

    expect(givenFacts(handoffs, steps).map((f) => [f.name, f.step, f.source])).toEqual([
      ['order_id', 0, { kind: 'said', by: 'tool' }],
      ['amount', 0, { kind: 'said', by: 'tool' }],
      ['tier', 1, { kind: 'said', by: 'signal' }],
      ['ticket', 2, { kind: 'said', by: 'person' }],
    ]);
  });
});
