import {
  claimWork,
  emitAccept,
  emitEffect,
  emitHandoff,
  releaseWork,
  withAgentTurn,
} from 'baton-handoffs';
import type { ClaimTable } from './claims.ts';
import { needsApproval, REFUND_LIMIT, type RefundRequest } from './desk.ts';
import type { RefundResult } from './payments.ts';
import type { Variant } from './variants.ts';

/** What reaches the refunds agent: from triage a request, from the supervisor also a decision. */
export interface RefundEnvelope extends RefundRequest {
  readonly decision?: string;
}

/** How one delivery ended: `duplicate` when another worker already held the work. */
export type RefundsOutcome = 'refunded' | 'declined' | 'escalated' | 'duplicate';

export interface RefundsAgentDeps {
  readonly variant: Variant;
  readonly claims: ClaimTable;
  /** Calls the payments API with the variant's retries. */
  readonly refund: (request: RefundRequest) => Promise<RefundResult>;
}

/**
 * The refunds agent. Each delivery is one worker: it claims the order's work (if its variant
 * claims), accepts, and then refunds and emails the customer — or hands the work to the
 * supervisor, above the limit or when the payments API keeps failing, releasing its claim first.
 */
export function createRefundsAgent(deps: RefundsAgentDeps) {
  let workers = 0;
  return {
    receive(from: string, envelope: RefundEnvelope): Promise<RefundsOutcome> {
      workers += 1;
      const worker = `refunds#${workers}`;
      return withAgentTurn('refunds', () => work(deps, worker, from, envelope));
    },
  };
}

async function work(
  deps: RefundsAgentDeps,
  worker: string,
  from: string,
  envelope: RefundEnvelope,
): Promise<RefundsOutcome> {
  const { order_id, amount } = envelope;
  const workId = `refund-${order_id}`;
  if (deps.variant.claimsWork) {
    const granted = deps.claims.claim(workId, worker);
    claimWork({ work: workId, agent: 'refunds', granted });
    if (!granted) return 'duplicate';
  }
  emitAccept('refunds', from);
  const handOn = (reason: string, facts: Record<string, unknown>): RefundsOutcome => {
    if (deps.variant.claimsWork) {
      deps.claims.release(workId, worker);
      releaseWork({ work: workId, agent: 'refunds' });
    }
    const payload = { order_id, amount, ...facts };
    emitHandoff({ from: 'refunds', to: 'supervisor', reason, payload, targetKind: 'person' });
    return 'escalated';
  };
  if (envelope.decision === undefined && needsApproval(envelope)) {
    return handOn('policy_gate', { limit: REFUND_LIMIT });
  }
  if (envelope.decision !== undefined && envelope.decision !== 'approve') {
    emailCustomer(order_id);
    return 'declined';
  }
  const result = await deps.refund({ order_id, amount });
  if (!result.ok) {
    return handOn('no_progress', { attempts: result.attempts, last_error: result.lastError });
  }
  emailCustomer(order_id);
  return 'refunded';
}

/** The in-process email tool: one message to the customer about their order. */
function emailCustomer(orderId: string): void {
  emitEffect({ effect: 'email', key: orderId });
}
