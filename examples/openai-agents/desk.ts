import { Agent, handoff, tool } from '@openai/agents';
import {
  BillingEnvelope,
  EagerRefundEnvelope,
  Escalation,
  REFUND_LIMIT,
  RefundEnvelope,
  RefundRequest,
} from './envelopes.ts';

/**
 * The support desk as an OpenAI Agents SDK graph: triage routes refunds and billing questions;
 * refunds pays out up to the limit itself and asks the supervisor above it; anyone escalates to
 * the supervisor when the customer asks for a person or the request is unclear.
 *
 * A person is not an agent in the SDK. Here the supervisor is reached through a function tool,
 * `escalate_to_supervisor`, whose arguments are the escalation envelope: the conversation stays
 * with the agent that called it, which receives the supervisor's decision later and carries it
 * out. The suite tells Baton that calling this tool hands the work to the supervisor.
 */

/** `careful`: triage hands over once it has the facts. `eager`: at the first mention of a refund. */
export type Variant = 'careful' | 'eager';

export interface Desk {
  readonly triage: Agent;
  readonly refunds: Agent;
  readonly billing: Agent;
}

/** `model`: the model name every agent asks its provider for (the OpenAI provider's default otherwise). */
export function buildDesk(variant: Variant, model?: string): Desk {
  const escalate = tool({
    name: 'escalate_to_supervisor',
    description: 'Hand the conversation to the human supervisor, who decides and answers later.',
    parameters: Escalation,
    execute: async ({ reason }) => `Queued for the supervisor (${reason}).`,
  });
  const issueRefund = tool({
    name: 'issue_refund',
    description: `Refund an order. Only up to ${REFUND_LIMIT} euro without the supervisor's approval.`,
    parameters: RefundRequest,
    execute: async ({ order_id, amount }) => `Refunded ${amount} euro for ${order_id}.`,
  });
  const refunds = new Agent({
    name: 'refunds',
    ...(model !== undefined && { model }),
    handoffDescription: 'Refunds for damaged, missing or unwanted orders.',
    instructions: REFUNDS[variant],
    tools: [issueRefund, escalate],
  });
  const billing = new Agent({
    name: 'billing',
    ...(model !== undefined && { model }),
    handoffDescription: 'Invoices, charges and payments.',
    instructions:
      'Resolve invoice and charge questions. Escalate when the customer asks for a person.',
    tools: [escalate],
  });
  const toRefunds = handoff(refunds, {
    inputType: variant === 'eager' ? EagerRefundEnvelope : RefundEnvelope,
    onHandoff: () => {},
  });
  const toBilling = handoff(billing, { inputType: BillingEnvelope, onHandoff: () => {} });
  const triage = new Agent({
    name: 'triage',
    ...(model !== undefined && { model }),
    instructions: TRIAGE[variant],
    handoffs: [toRefunds, toBilling],
    tools: [escalate],
  });
  return { triage, refunds, billing };
}

const TRIAGE: Record<Variant, string> = {
  careful: [
    'You are the first contact of a support desk.',
    'Hand refund requests to refunds only once you know the order id and the amount paid; ask the customer for whatever is missing first.',
    'Hand invoice, charge and payment questions to billing.',
    'Answer shipping questions yourself.',
    'Call escalate_to_supervisor when the customer asks for a person, or when a signal says your confidence is below 0.5.',
  ].join('\n'),
  eager: [
    'You are the first contact of a support desk.',
    'Hand refund requests to refunds at once, with whatever you know: refunds will ask for the rest.',
    'Hand invoice, charge and payment questions to billing.',
    'Answer shipping questions yourself.',
    'Call escalate_to_supervisor when the customer asks for a person, or when a signal says your confidence is below 0.5.',
  ].join('\n'),
};

const REFUNDS_COMMON = [
  'You handle refunds.',
  `Refund up to ${REFUND_LIMIT} euro yourself with issue_refund.`,
  `Above ${REFUND_LIMIT} euro, call escalate_to_supervisor with reason policy_gate and wait: when the supervisor approves, issue the refund; when they reject, tell the customer.`,
];

const REFUNDS: Record<Variant, string> = {
  careful: REFUNDS_COMMON.join('\n'),
  eager: [...REFUNDS_COMMON, 'When the order id or the amount is missing, ask the customer.'].join(
    '\n',
  ),
};
