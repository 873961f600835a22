import type { Facts } from './extract.ts';

/** Why work moved: one code per signal, plus the return trip after a person decided. */
export type Reason =
  | 'capability_boundary'
  | 'policy_gate'
  | 'low_confidence'
  | 'no_progress'
  | 'budget_exhausted'
  | 'explicit_request'
  | 'deadline_risk'
  | 'person_decision';

/** A failed tool call, kept while failures are consecutive and handed on with `no_progress`. */
export interface Attempt {
  readonly step: number;
  readonly tool: string;
  readonly error: string;
}

/** Everything the router remembers about one case between steps. */
export interface CaseState {
  /** The agent or person who owns the case now. */
  readonly owner: string;
  /** While a person owns the case: the agent that escalated, and why. */
  readonly escalation?: { readonly by: string; readonly reason: Reason };
  readonly intent?: string;
  /** The customer's words that set the current intent. */
  readonly goal?: string;
  readonly facts: Facts;
  readonly records: Readonly<Record<string, unknown>>;
  readonly attempts: readonly Attempt[];
  readonly asked: readonly string[];
  /** Reasons a person has decided on in this case (an approved refund is not gated again). */
  readonly settled: readonly Reason[];
  readonly history: readonly string[];
  readonly hops: number;
}

/** What the envelope of every handoff carries: goal, facts, records, attempts and history. */
export interface Payload {
  readonly reason: Reason;
  readonly new_owner: string;
  readonly hop: number;
  readonly intent: string | null;
  readonly goal: string | null;
  readonly open: string;
  readonly facts: Facts;
  readonly records: Readonly<Record<string, unknown>>;
  readonly attempts: readonly Attempt[];
  readonly history: readonly string[];
  readonly decision?: { readonly who: string; readonly decision: string; readonly note?: string };
}

/** What the implementation turns into spans: a handoff, its acceptance, a question. */
export type Action =
  | {
      readonly kind: 'handoff';
      readonly from: string;
      readonly to: string;
      readonly reason: Reason;
      readonly targetKind: 'agent' | 'person';
      readonly payload: Payload;
    }
  | { readonly kind: 'accept'; readonly by: string; readonly from: string }
  | { readonly kind: 'ask'; readonly by: string; readonly fields: readonly string[] };

/** What the router decided at one step: the new state and the actions, in order. */
export interface Decision {
  readonly state: CaseState;
  readonly actions: readonly Action[];
}

/** The state of a case before its first step: the entry agent owns it. */
export function initialState(entry: string): CaseState {
  return {
    owner: entry,
    facts: {},
    records: {},
    attempts: [],
    asked: [],
    settled: [],
    history: [],
    hops: 0,
  };
}

/** The envelope of a handoff from the current state: what the receiver needs to carry on. */
export function payloadOf(
  s: CaseState,
  reason: Reason,
  to: string,
  decision?: Payload['decision'],
): Payload {
  return {
    reason,
    new_owner: to,
    hop: s.hops + 1,
    intent: s.intent ?? null,
    goal: s.goal ?? null,
    open: openQuestion(reason, s),
    facts: s.facts,
    records: s.records,
    attempts: s.attempts,
    history: s.history,
    ...(decision !== undefined && { decision }),
  };
}

/**
 * The payload a `handoff_payload: compact` policy sends to agents: same shape, but the facts,
 * tool records and history are left out ("the open question names the order") to save tokens.
 */
export function compactPayload(payload: Payload): Payload {
  return { ...payload, facts: {}, records: {}, history: payload.history.slice(-1) };
}

const OPEN: Readonly<Record<Reason, string>> = {
  capability_boundary: 'take over the request',
  policy_gate: 'approve or reject the refund',
  low_confidence: 'confirm what the customer needs',
  no_progress: 'resolve the failing tool or take over',
  budget_exhausted: 'finish the work the agent could not finish within budget',
  explicit_request: 'the customer asked for a person: reply to them',
  deadline_risk: 'reply before the service-level deadline',
  person_decision: 'carry out the decision and close the case',
};

function openQuestion(reason: Reason, s: CaseState): string {
  const subject = [s.intent, s.facts.order_id ?? s.facts.quote_id].filter(Boolean).join(' ');
  return subject ? `${OPEN[reason]} (${subject})` : OPEN[reason];
}
