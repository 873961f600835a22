import { Agent, handoff, tool } from '@openai/agents';
import { z } from 'zod';
import {
  createRefund,
  getOrder,
  type IdempotencyScheme,
  openBillingCase,
  openEscalation,
} from './apis.ts';

/** Refunds above this many euro need a supervisor's approval. */
export const APPROVAL_LIMIT_EUR = 500;

const RefundRequest = z.object({
  summary: z.string().describe("The customer's problem, in a sentence."),
  order_id: z.string().optional().describe('The order, e.g. A-1001.'),
  amount_eur: z.number().optional().describe('What the customer paid, in euro.'),
});

const BillingRequest = z.object({
  summary: z.string(),
  invoice_id: z.string().optional().describe('The invoice, e.g. INV-330.'),
});

const BackToTriage = z.object({ summary: z.string(), note: z.string().optional() });

export interface DeskOptions {
  readonly idempotency: IdempotencyScheme;
}

/** The helpdesk's three agents, their tools and who may hand work to whom. */
export function buildHelpdesk(options: DeskOptions): Agent {
  const lookupOrder = tool({
    name: 'lookup_order',
    description: 'Look an order up in the orders service: item, status, total.',
    parameters: z.object({ order_id: z.string() }),
    execute: async ({ order_id }) => JSON.stringify(await getOrder(order_id)),
  });
  const issueRefund = tool({
    name: 'issue_refund',
    description: `Refund an order through the payments service (at most ${APPROVAL_LIMIT_EUR} euro without approval).`,
    parameters: z.object({ order_id: z.string(), amount_eur: z.number() }),
    execute: async ({ order_id, amount_eur }) =>
      JSON.stringify(await createRefund(order_id, amount_eur, options.idempotency)),
  });
  const escalate = tool({
    name: 'escalate_to_supervisor',
    description: 'Ask a supervisor to approve a refund above the limit.',
    parameters: z.object({ order_id: z.string(), amount_eur: z.number(), reason: z.string() }),
    execute: async (args) => JSON.stringify(await openEscalation(args)),
  });
  const openCase = tool({
    name: 'open_billing_case',
    description: 'Open a billing case (duplicate charge, wrong invoice).',
    parameters: z.object({ invoice_id: z.string(), summary: z.string() }),
    execute: async (args) => JSON.stringify(await openBillingCase(args)),
  });

  const triage = new Agent({
    name: 'Triage Agent',
    instructions:
      'Greet the customer, find out what they need and hand them to the right specialist once you know the order or invoice.',
    tools: [lookupOrder],
  });
  const refunds = new Agent({
    name: 'Refund Agent',
    instructions: `Refund orders. Above ${APPROVAL_LIMIT_EUR} euro, escalate to a supervisor and wait for the decision.`,
    tools: [lookupOrder, issueRefund, escalate],
  });
  const billing = new Agent({
    name: 'Billing Agent',
    instructions: 'Handle invoices and charges; open a billing case for each problem.',
    tools: [openCase],
  });
  triage.handoffs = [
    handoff(refunds, { inputType: RefundRequest, onHandoff: () => {} }),
    handoff(billing, { inputType: BillingRequest, onHandoff: () => {} }),
  ];
  refunds.handoffs = [handoff(triage, { inputType: BackToTriage, onHandoff: () => {} })];
  billing.handoffs = [handoff(triage, { inputType: BackToTriage, onHandoff: () => {} })];
  return triage;
}
