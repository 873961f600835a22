import type {
  Contract,
  Delivery,
  Envelope,
  NegotiationOutcome,
  NegotiationRequest,
  ReceiveOutcome,
} from 'baton-handoffs';
import { checkEnvelope, contractFor, formatIssuePath } from 'baton-handoffs';
import { TECH_LEAD } from './chain.ts';

/**
 * Both ends of a delivery in the chain. Each agent checks what it is handed against the edge's
 * contract before it starts (a coder that cannot open the plan should say so, not guess); the
 * sender delivers, fixes what is its own to fix, and after `hopCap` refusals hands the task to
 * the tech lead with every reason.
 */

/** Accepts exactly what the contract accepts; otherwise names every field that is wrong. */
export function strictReceiver(contracts: readonly Contract[], now: () => number = Date.now) {
  return ({ from, to, envelope }: Delivery): ReceiveOutcome => {
    const contract = contractFor(contracts, from, to);
    if (contract === undefined) {
      return { accepted: false, reason: `${to} takes no work from ${from}`, fields: [] };
    }
    const issues = checkEnvelope(contract, envelope, { from, to, now: now() });
    if (issues.length === 0) return { accepted: true };
    const fields = [...new Set(issues.map((i) => formatIssuePath(i.path)).filter(Boolean))];
    const problems = issues.map(
      (i) => `${formatIssuePath(i.path) || 'envelope'}: expected ${i.expected}, got ${i.received}`,
    );
    return { accepted: false, reason: `${to} refused the handoff: ${problems.join('; ')}`, fields };
  };
}

/**
 * The sender's loop. `uncapped` is the flaw of suites/code-chain-uncapped-review.yaml: it keeps
 * resending until the receiver gives in, which two agents that disagree never do.
 */
export function negotiator(loop: 'capped' | 'uncapped') {
  return async (request: NegotiationRequest): Promise<NegotiationOutcome> => {
    const reasons: string[] = [];
    let envelope: Envelope = request.envelope;
    for (let sent = 0; loop === 'uncapped' || sent < request.hopCap; sent++) {
      const answer = await request.receive(envelope);
      if (answer.accepted) return { kind: 'delivered' };
      reasons.push(answer.reason);
      envelope = { ...envelope, to: request.to };
    }
    return { kind: 'escalated', to: TECH_LEAD, toKind: 'person', reasons };
  };
}
