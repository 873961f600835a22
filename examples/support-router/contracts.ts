import type { Contract, Envelope, Rule } from 'baton-handoffs';
import { defineContract } from 'baton-handoffs';
import { rules } from 'baton-handoffs/contracts';
import * as fc from 'fast-check';
import { z } from 'zod';
import type { FactName } from './policy.ts';

/**
 * The envelope contracts of the support desk, one per receiving edge. They describe the payload
 * the router builds (state.ts `Payload`), so every handoff in the 38 cases conforms; what they
 * add is what each receiver cannot work without: refunds needs the order id, the supervisor
 * asked about a refund needs the amount, invoicing needs the quote id.
 */

/** Agent-to-agent moves allowed before a person must look: `hop` stays below this. */
export const HOP_CAP = 4;

// Order ids look like A-1001 (extract.ts); quote ids like Q-4410.
const ORDER_ID = z.string().regex(/^[A-Z]-\d{3,6}$/);
const QUOTE_ID = z.string().regex(/^Q-\d{3,6}$/);

const ESCALATION_REASONS = [
  'policy_gate',
  'low_confidence',
  'no_progress',
  'budget_exhausted',
  'explicit_request',
  'deadline_risk',
] as const;
const ROUTING_REASONS = ['capability_boundary', ...ESCALATION_REASONS] as const;

/** `facts` with every fact optional except those the receiver needs. */
function facts(required: readonly FactName[] = []) {
  const fact = (name: FactName, schema: z.ZodType) =>
    required.includes(name) ? schema : schema.optional();
  return z.strictObject({
    order_id: fact('order_id', ORDER_ID),
    amount: fact('amount', z.number().positive()),
    currency: fact('currency', z.string().regex(/^[A-Z]{3}$/)),
    quote_id: fact('quote_id', QUOTE_ID),
  });
}

const ATTEMPTS = z.array(
  z.strictObject({ step: z.number().int().min(0), tool: z.string().min(1), error: z.string() }),
);

/** What every payload carries besides the goal and the facts. */
const common = {
  open: z.string().min(1),
  records: z.record(z.string(), z.unknown()),
  history: z.array(z.string()).min(1),
};

/** An agent taking over a request it handles: it needs the goal and the facts to act on. */
function intake(to: string, required: readonly FactName[] = []): Contract {
  return defineContract({
    to,
    fields: {
      ...common,
      reason: z.enum(ROUTING_REASONS),
      intent: z.string().min(1),
      facts: facts(required),
      attempts: ATTEMPTS,
    },
    rules: [
      rules.goal({ max: 400 }),
      rules.hop({ cap: HOP_CAP }),
      rules.addressee({ field: 'new_owner' }),
    ],
  });
}

/** A person taking over: the customer's words may be unknown, the history never is. */
function escalation(to: string, from = '*', required: readonly FactName[] = []): Contract {
  return defineContract({
    from,
    to,
    fields: {
      ...common,
      reason: z.enum(ESCALATION_REASONS),
      intent: z.string().min(1).nullable(),
      goal: z.string().min(1).max(400).nullable(),
      facts: facts(required),
      // Escalating is what happens at the hop cap, so a person's edge counts hops but caps none.
      hop: z.number().int().min(1),
    },
    rules: [attemptsAttached(), rules.addressee({ field: 'new_owner' })],
  });
}

/** A person's decision going back to the agent that escalated, which carries it out. */
function personReturn(from: string, to: string, required: readonly FactName[] = []): Contract {
  return defineContract({
    from,
    to,
    fields: {
      ...common,
      reason: z.literal('person_decision'),
      intent: z.string().min(1).nullable(),
      goal: z.string().min(1).max(400).nullable(),
      facts: facts(required),
      attempts: ATTEMPTS,
      decision: z.strictObject({
        who: z.literal(from),
        decision: z.string().min(1),
        note: z.string().optional(),
      }),
    },
    rules: [rules.hop({ cap: HOP_CAP }), rules.addressee({ field: 'new_owner' })],
  });
}

/**
 * A `no_progress` escalation carries the failed attempts that triggered it: the person should
 * see what was tried, not try it again. The router attaches them (signals.ts, router.ts).
 */
function attemptsAttached(): Rule {
  const code = 'attempts.attached';
  const expected = 'the failed tool calls that made the agent give up (at least one)';
  const stuck = (e: Envelope) => e.reason === 'no_progress';
  const none = (e: Envelope) => Array.isArray(e.attempts) && e.attempts.length === 0;
  return {
    code,
    description: '`attempts`: the failed tool calls, at least one on a `no_progress` escalation',
    fields: { attempts: ATTEMPTS },
    check: (e) =>
      stuck(e) && none(e) ? [{ rule: code, path: ['attempts'], expected, received: 'none' }] : [],
    satisfy: (e) =>
      stuck(e) && none(e)
        ? { ...e, attempts: [{ step: 1, tool: 'order_lookup', error: 'timeout' }] }
        : e,
    mutations: [
      {
        name: 'attempts.dropped_on_no_progress',
        rule: code,
        applies: () => true,
        apply: (valid) =>
          fc.constant({
            envelope: { ...valid, reason: 'no_progress', attempts: [] },
            fields: ['attempts'],
          }),
      },
    ],
  };
}

/** Agents that take requests over from another agent. */
const intakes: readonly Contract[] = [
  intake('billing'),
  intake('refunds', ['order_id']),
  intake('sales'),
  intake('quotes'),
  intake('invoicing', ['quote_id']),
];

/** Escalations to people; refunds asks the supervisor about a refund it holds. */
const escalations: readonly Contract[] = [
  escalation('supervisor'),
  escalation('supervisor', 'refunds', ['order_id', 'amount']),
  escalation('team_queue'),
];

/** The supervisor's decisions going back to the agents that escalate to it. */
const returns: readonly Contract[] = [
  personReturn('supervisor', 'triage'),
  personReturn('supervisor', 'billing'),
  personReturn('supervisor', 'refunds', ['order_id']),
];

/** Every contract of the desk: the suite loads this module, the receiver checks against it. */
export const supportContracts: readonly Contract[] = [...intakes, ...escalations, ...returns];
