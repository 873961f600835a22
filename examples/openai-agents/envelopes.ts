import { z } from 'zod';

/**
 * The envelopes of the desk's edges, as zod schemas. The SDK uses them as the handoff's and the
 * escalation tool's `inputType` (the model must fill them in to hand over); contracts.ts wraps
 * the very same schemas as Baton contracts, so Baton checks every observed handoff against what
 * the receiver was promised.
 */

/** Order ids look like A-1001. */
export const ORDER_ID = z.string().regex(/^[A-Z]-\d{3,6}$/);

/** What refunds needs to act on a refund without asking the customer again. */
export const RefundEnvelope = z.object({
  order_id: ORDER_ID.describe('The order to refund, e.g. A-1001.'),
  amount: z.number().positive().describe('What the customer paid, in euro.'),
  reason: z.enum(['damaged', 'not_received', 'wrong_item', 'changed_mind']),
});

/**
 * The eager variant's refund envelope: order id and amount may be null, so triage can hand over
 * before it knows them (the SDK accepts such a handoff; Baton's contract does not).
 */
export const EagerRefundEnvelope = RefundEnvelope.extend({
  order_id: ORDER_ID.nullable(),
  amount: z.number().positive().nullable(),
});

/** What billing needs: the kind of problem and the invoice, when the customer gave one. */
export const BillingEnvelope = z.object({
  topic: z.enum(['double_charge', 'invoice_copy', 'payment_failed', 'other']),
  invoice_id: z
    .string()
    .regex(/^INV-\d{3,6}$/)
    .nullable(),
});

/** Why an agent hands a conversation to the supervisor (a person). */
export const ESCALATION_REASONS = ['policy_gate', 'explicit_request', 'low_confidence'] as const;

/** The escalation tool's arguments: what the supervisor reads before deciding. */
export const Escalation = z.object({
  reason: z.enum(ESCALATION_REASONS),
  summary: z.string().min(1).max(400),
  order_id: ORDER_ID.nullable(),
  amount: z.number().positive().nullable(),
});

/** The refund tool's arguments: a side effect, identified by the order id. */
export const RefundRequest = z.object({ order_id: ORDER_ID, amount: z.number().positive() });

/** Refunds above this need the supervisor's approval. */
export const REFUND_LIMIT = 500;
