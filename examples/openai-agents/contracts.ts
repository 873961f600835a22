import type { Contract } from 'baton-handoffs';
import { defineContract } from 'baton-handoffs';
import { z } from 'zod';
import { BillingEnvelope, Escalation, RefundEnvelope } from './envelopes.ts';

/**
 * The desk's envelope contracts, wrapping the same zod schemas the SDK validates handoff and
 * tool arguments with (envelopes.ts). The SDK checks what the app declared — so a loosened
 * inputType (the eager variant's nullable order id) passes there; Baton checks what the receiver
 * was promised, on every handoff it observes, and reports `contract.violation` when it is broken.
 */

/** A person's answer carries the escalation back, with the decision. */
const PersonReturn = Escalation.extend({
  decision: z.string().min(1),
  note: z.string().optional(),
});

export const deskContracts: readonly Contract[] = [
  defineContract({ from: 'triage', to: 'refunds', fields: RefundEnvelope }),
  defineContract({ from: 'triage', to: 'billing', fields: BillingEnvelope }),
  defineContract({ to: 'supervisor', fields: Escalation }),
  defineContract({ from: 'supervisor', to: 'refunds', fields: PersonReturn }),
  defineContract({ from: 'supervisor', to: 'triage', fields: PersonReturn }),
];
