import type { ScriptedModelInput } from '@openai/agents/testing';
import { assistantMessage, functionCall } from '@openai/agents/testing';

/**
 * What the model answered, call by call, in each evaluation conversation: the helpdesk's CI
 * replays these through the SDK's own ScriptedModel instead of calling OpenAI. One entry per
 * model call; after a handoff the next call is the receiving agent's.
 */
export type Recording = readonly ScriptedModelInput[];

/** Builds one conversation's model answers, numbering the tool calls as the API would. */
function conversation(build: (m: Answers) => void): Recording {
  const answers = new Answers();
  build(answers);
  return answers.items;
}

class Answers {
  readonly items: ScriptedModelInput[] = [];
  #calls = 0;

  say(text: string): void {
    this.items.push([assistantMessage(text)]);
  }

  call(name: string, args: Record<string, unknown>): void {
    this.#calls += 1;
    this.items.push([functionCall(name, args, { callId: `call_${this.#calls}` })]);
  }
}

const TO_REFUNDS = 'transfer_to_Refund_Agent';
const TO_BILLING = 'transfer_to_Billing_Agent';
const TO_TRIAGE = 'transfer_to_Triage_Agent';

const JUG = { summary: 'Blender arrived with a cracked jug; wants a refund.' };

/** The conversations of the release that behaves as the helpdesk's playbook says. */
export const CORRECT: Readonly<Record<string, Recording>> = {
  'refund-cracked-jug': conversation((m) => {
    m.say("I'm sorry about the jug! Which order was it, and how much did you pay?");
    m.call('lookup_order', { order_id: 'A-1001' });
    m.call(TO_REFUNDS, { ...JUG, order_id: 'A-1001', amount_eur: 40 });
    m.call('issue_refund', { order_id: 'A-1001', amount_eur: 40 });
    m.say("I've refunded 40 euro for order A-1001; it reaches your card in 3 to 5 days.");
    m.say("You're welcome. Have a good day!");
  }),
  'refund-above-limit': conversation((m) => {
    m.call('lookup_order', { order_id: 'A-2002' });
    m.call(TO_REFUNDS, {
      summary: 'Returned TV, refund pending.',
      order_id: 'A-2002',
      amount_eur: 750,
    });
    m.call('escalate_to_supervisor', {
      order_id: 'A-2002',
      amount_eur: 750,
      reason: 'policy_gate: refund above the 500 euro limit',
    });
    m.say("Refunds above 500 euro need a supervisor's approval. I've asked for it.");
    m.call('issue_refund', { order_id: 'A-2002', amount_eur: 750 });
    m.say('Approved: I have refunded 750 euro for order A-2002.');
  }),
  'invoice-charged-twice': conversation((m) => {
    m.say('Of course. Which invoice is the charge on?');
    m.call(TO_BILLING, { summary: 'Charged twice, 59 euro each time.', invoice_id: 'INV-330' });
    m.call('open_billing_case', { invoice_id: 'INV-330', summary: 'Duplicate charge of 59 euro.' });
    m.say("I've opened a billing case: the duplicate 59 euro charge is reversed within 3 days.");
  }),
  'order-status': conversation((m) => {
    m.call('lookup_order', { order_id: 'A-3003' });
    m.say('Order A-3003 is out for delivery and arrives today.');
  }),
  'refund-gateway-drops-answer': conversation((m) => {
    m.call('lookup_order', { order_id: 'A-4004' });
    m.call(TO_REFUNDS, { summary: 'Parcel arrived empty.', order_id: 'A-4004', amount_eur: 25 });
    m.call('issue_refund', { order_id: 'A-4004', amount_eur: 25 });
    m.say('Refunded 25 euro for order A-4004. Sorry about the empty parcel.');
  }),
};

/** Conversations that came out differently under a seeded-bug release's prompt. */
export const SEEDED: Readonly<Record<string, Readonly<Record<string, Recording>>>> = {
  // Triage asks one question too many before it hands over.
  late: {
    'refund-cracked-jug': conversation((m) => {
      m.say("I'm sorry about the jug! Which order was it, and how much did you pay?");
      m.call('lookup_order', { order_id: 'A-1001' });
      m.say('Thanks. Before I pass you on: is the jug the only part that is damaged?');
      m.call(TO_REFUNDS, { ...JUG, order_id: 'A-1001', amount_eur: 40 });
      m.call('issue_refund', { order_id: 'A-1001', amount_eur: 40 });
      m.say("I've refunded 40 euro for order A-1001; it reaches your card in 3 to 5 days.");
    }),
  },
  // Triage sends a refund to billing.
  'wrong-target': {
    'refund-cracked-jug': conversation((m) => {
      m.say("I'm sorry about the jug! Which order was it, and how much did you pay?");
      m.call('lookup_order', { order_id: 'A-1001' });
      m.call(TO_BILLING, { ...JUG, invoice_id: 'A-1001' });
      m.say('I have noted the damaged order; the billing team will contact you.');
      m.say("You're welcome. Have a good day!");
    }),
  },
  // Triage hands over without the order and the amount.
  'dropped-fact': {
    'refund-cracked-jug': conversation((m) => {
      m.say("I'm sorry about the jug! Which order was it, and how much did you pay?");
      m.call('lookup_order', { order_id: 'A-1001' });
      m.call(TO_REFUNDS, JUG);
      m.call('issue_refund', { order_id: 'A-1001', amount_eur: 40 });
      m.say("I've refunded 40 euro for order A-1001; it reaches your card in 3 to 5 days.");
      m.say("You're welcome. Have a good day!");
    }),
  },
  // Refunds first sends the above-limit refund back to triage, which sends it straight back.
  'bounce-then-escalate': {
    'refund-above-limit': conversation((m) => {
      m.call('lookup_order', { order_id: 'A-2002' });
      m.call(TO_REFUNDS, {
        summary: 'Returned TV, refund pending.',
        order_id: 'A-2002',
        amount_eur: 750,
      });
      m.call(TO_TRIAGE, { summary: 'Above my refund limit.', note: 'Not mine to approve.' });
      m.call(TO_REFUNDS, {
        summary: 'Above the limit: escalate it to a supervisor.',
        order_id: 'A-2002',
        amount_eur: 750,
      });
      m.call('escalate_to_supervisor', {
        order_id: 'A-2002',
        amount_eur: 750,
        reason: 'policy_gate: refund above the 500 euro limit',
      });
      m.say("Refunds above 500 euro need a supervisor's approval. I've asked for it.");
      m.call('issue_refund', { order_id: 'A-2002', amount_eur: 750 });
      m.say('Approved: I have refunded 750 euro for order A-2002.');
    }),
  },
  // Triage guesses "refund" from the first vague message and never routes the invoice to billing.
  'unneeded-then-missed': {
    'invoice-charged-twice': conversation((m) => {
      m.call(TO_REFUNDS, { summary: 'Question about a card charge.' });
      m.say('I can refund orders for you. Which order is it about?');
      m.say('I am afraid I can only refund orders, not invoices. Please write to billing.');
    }),
  },
  // Refunds ignores the order number it was handed and asks the customer for it.
  reask: {
    'refund-cracked-jug': conversation((m) => {
      m.say("I'm sorry about the jug! Which order was it, and how much did you pay?");
      m.call('lookup_order', { order_id: 'A-1001' });
      m.call(TO_REFUNDS, { ...JUG, order_id: 'A-1001', amount_eur: 40 });
      m.say('Happy to help with the refund. Could you tell me your order number?');
      m.call('issue_refund', { order_id: 'A-1001', amount_eur: 40 });
      m.say("Found it: I've refunded 40 euro for order A-1001.");
    }),
  },
};
