import type {
  Contract,
  ContractIssue,
  Delivery,
  Envelope,
  NegotiationOutcome,
  NegotiationRequest,
  ReceiveOutcome,
} from 'baton-handoffs';
import { checkEnvelope, contractFor, formatIssuePath } from 'baton-handoffs';

/**
 * The two ends of a delivery on the desk. The receiving agent checks an envelope against its
 * edge's contract before it takes the work over; the sending side delivers, revises what it can
 * after a rejection and, when the receiver keeps refusing, hands the work to a person with every
 * reason it was given.
 */

/** A receiving agent's intake check. */
export type Receive = (delivery: Delivery) => ReceiveOutcome;

/**
 * The strict receiver: accepts exactly what the edge's contract accepts and otherwise rejects,
 * naming every field that is missing or wrong. It reads the envelope as sent, converts nothing
 * and keeps no state, so the same envelope always gets the same answer. `now` is its clock, for
 * contracts that judge timestamps.
 */
export function strictReceiver(
  contracts: readonly Contract[],
  now: () => number = Date.now,
): Receive {
  return ({ from, to, envelope }) => {
    const contract = contractFor(contracts, from, to);
    if (contract === undefined) {
      return {
        accepted: false,
        reason: `${to} has no contract for work from ${from}, so it cannot tell what it is taking over`,
        fields: [],
      };
    }
    const issues = checkEnvelope(contract, envelope, { from, to, now: now() });
    return issues.length === 0 ? { accepted: true } : rejection(contract, issues);
  };
}

function rejection(contract: Contract, issues: readonly ContractIssue[]): ReceiveOutcome {
  const fields = [...new Set(issues.map((i) => formatIssuePath(i.path)).filter(Boolean))];
  const problems = issues.map(
    (i) =>
      `${formatIssuePath(i.path) || 'the envelope'}: expected ${i.expected}, got ${i.received}`,
  );
  return {
    accepted: false,
    reason: `envelope breaks ${contract.name}: ${problems.join('; ')}`,
    fields,
  };
}

/** Who takes over when a receiver keeps refusing: a person, never the receiver itself. */
export type EscalationTarget = (receiver: string) => string;

/** The supervisor, unless the supervisor is the one refusing: then the team queue. */
export const escalateToPerson: EscalationTarget = (receiver) =>
  receiver === 'supervisor' ? 'team_queue' : 'supervisor';

/**
 * The sender's loop: deliver, and on a rejection revise and deliver again, at most
 * `request.hopCap` times in all. A sender cannot invent facts it never had, so the revision fixes
 * only what is its own to fix (the addressee) and records the rejection in the history; when the
 * cap is reached a person takes over with every rejection reason.
 */
export async function negotiate(
  request: NegotiationRequest,
  escalateTo: EscalationTarget = escalateToPerson,
): Promise<NegotiationOutcome> {
  const reasons: string[] = [];
  let envelope = request.envelope;
  for (let delivery = 0; delivery < request.hopCap; delivery++) {
    const answer = await request.receive(envelope);
    if (answer.accepted) return { kind: 'delivered' };
    reasons.push(answer.reason);
    envelope = revise(envelope, request.to, answer.reason);
  }
  return { kind: 'escalated', to: escalateTo(request.to), toKind: 'person', reasons };
}

function revise(envelope: Envelope, to: string, reason: string): Envelope {
  const history = Array.isArray(envelope.history) ? envelope.history : [];
  return { ...envelope, new_owner: to, history: [...history, `${to} rejected: ${reason}`] };
}
