import { call, handoffTo, type Script, say } from 'baton-handoffs/openai-agents';
import type { Variant } from './desk.ts';

/**
 * What the model does in each case, step by step, under each variant's instructions: the offline
 * stand-in for a model that follows its instructions (see README.md). `steps[k]` are the model
 * calls of step k's turn, in order; the handoff, escalation and refund calls run for real in the
 * SDK (handoff arguments are validated against the inputType, tools execute).
 */

const refundArgs = (order_id: string, amount: number, reason = 'damaged') => ({
  order_id,
  amount,
  reason,
});

const escalation = (
  reason: string,
  summary: string,
  order_id: string | null = null,
  amount: number | null = null,
) => ({ reason, summary, order_id, amount });

const careful: Record<string, Script> = {
  'oa-refund-after-order-id': {
    steps: [
      [say('triage', 'Sorry to hear that! Which order was it, and how much did you pay?')],
      [
        handoffTo('triage', 'refunds', refundArgs('A-1001', 40)),
        call('refunds', 'issue_refund', { order_id: 'A-1001', amount: 40 }),
        say('refunds', 'Done: 40 euro are on their way back to you.'),
      ],
    ],
  },
  'oa-refund-amount-later': {
    steps: [
      [say('triage', 'I can help with that. How much did you pay for order A-5005?')],
      [
        handoffTo('triage', 'refunds', refundArgs('A-5005', 120)),
        call('refunds', 'issue_refund', { order_id: 'A-5005', amount: 120 }),
        say('refunds', 'Refunded 120 euro for A-5005.'),
      ],
    ],
  },
  'oa-refund-up-front': {
    steps: [
      [
        handoffTo('triage', 'refunds', refundArgs('A-2002', 60)),
        call('refunds', 'issue_refund', { order_id: 'A-2002', amount: 60 }),
        say('refunds', 'Refunded 60 euro for the headphones.'),
      ],
    ],
  },
  'oa-refund-over-limit-approved': {
    steps: [
      [
        handoffTo('triage', 'refunds', refundArgs('A-3003', 750)),
        call(
          'refunds',
          'escalate_to_supervisor',
          escalation(
            'policy_gate',
            'Refund of 750 euro for a broken coffee machine.',
            'A-3003',
            750,
          ),
        ),
        say('refunds', 'A refund this size needs my supervisor: I will come back to you.'),
      ],
      [
        call('refunds', 'issue_refund', { order_id: 'A-3003', amount: 750 }),
        say('refunds', 'Approved: 750 euro are on their way back.'),
      ],
    ],
  },
  'oa-refund-over-limit-rejected': {
    steps: [
      [
        handoffTo('triage', 'refunds', refundArgs('A-6006', 900)),
        call(
          'refunds',
          'escalate_to_supervisor',
          escalation('policy_gate', 'Refund of 900 euro for a drone.', 'A-6006', 900),
        ),
        say('refunds', 'My supervisor needs to approve this one; I will get back to you.'),
      ],
      [say('refunds', 'It is still with my supervisor, sorry for the wait.')],
      [say('refunds', 'My supervisor cannot approve a refund, but we can repair the drone.')],
    ],
  },
  'oa-billing-double-charge': {
    steps: [
      [
        handoffTo('triage', 'billing', { topic: 'double_charge', invoice_id: 'INV-2291' }),
        say('billing', 'I see the duplicate charge on INV-2291; it will be reversed in 3 days.'),
      ],
    ],
  },
  'oa-shipping-question': {
    steps: [
      [say('triage', 'Order A-4004 is with the courier and due tomorrow.')],
      [say('triage', 'You are welcome!')],
    ],
  },
  'oa-explicit-person': {
    steps: [
      [
        call(
          'triage',
          'escalate_to_supervisor',
          escalation('explicit_request', 'The customer asks for a person.'),
        ),
        say('triage', 'A supervisor will call you back shortly.'),
      ],
      [say('triage', 'The supervisor reset your password. Anything else?')],
      [say('triage', 'Happy to help!')],
    ],
  },
  'oa-low-confidence': {
    steps: [
      [say('triage', 'Could you tell me a bit more: is it about a payment, or a delivery?')],
      [
        call(
          'triage',
          'escalate_to_supervisor',
          escalation('low_confidence', 'Unclear account and order problem.'),
        ),
        say('triage', 'Let me get a colleague to look at this with you.'),
      ],
    ],
  },
};

/**
 * The eager variant differs where triage hears "refund" before it has the facts: it hands over
 * at once, with nulls for what it does not know, and refunds has to ask the customer.
 */
const eager: Record<string, Script> = {
  ...careful,
  'oa-refund-after-order-id': {
    steps: [
      [
        handoffTo('triage', 'refunds', { order_id: null, amount: null, reason: 'damaged' }),
        say('refunds', 'I can refund that. Which order was it, and how much did you pay?'),
      ],
      [
        call('refunds', 'issue_refund', { order_id: 'A-1001', amount: 40 }),
        say('refunds', 'Done: 40 euro are on their way back to you.'),
      ],
    ],
  },
  'oa-refund-amount-later': {
    steps: [
      [
        handoffTo('triage', 'refunds', { order_id: 'A-5005', amount: null, reason: 'damaged' }),
        say('refunds', 'How much did you pay for order A-5005?'),
      ],
      [
        call('refunds', 'issue_refund', { order_id: 'A-5005', amount: 120 }),
        say('refunds', 'Refunded 120 euro for A-5005.'),
      ],
    ],
  },
};

export const SCRIPTS: Record<Variant, Record<string, Script>> = { careful, eager };
