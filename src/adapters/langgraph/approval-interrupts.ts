import type { ApprovalCall } from '../approvals.ts';
import { isRecord } from './transfer-calls.ts';

/**
 * Tool calls a graph stopped at for a person's approval: LangChain's `humanInTheLoopMiddleware`
 * interrupts with `{ actionRequests: [{ name, args }], reviewConfigs }` and expects the resume
 * value `{ decisions: [...] }`, one decision a request, in order.
 */
export interface ApprovalInterrupt {
  /** The interrupt's id, when LangGraph gave one: a resume of several interrupts names each. */
  readonly id?: string;
  readonly calls: readonly ApprovalCall[];
}

/**
 * The approval requests among a turn's `__interrupt__` values (LangGraph `Interrupt`s,
 * `{ id, value }`). Any other interrupt (a person node's own `interrupt()`) is not one.
 */
export function approvalInterrupts(values: readonly unknown[]): ApprovalInterrupt[] {
  const out: ApprovalInterrupt[] = [];
  for (const v of values) {
    const value = isRecord(v) ? v.value : undefined;
    const requests = isRecord(value) ? value.actionRequests : undefined;
    if (!Array.isArray(requests) || requests.length === 0) continue;
    const calls = requests.map((r): ApprovalCall => {
      const request = isRecord(r) ? r : {};
      return {
        tool: typeof request.name === 'string' ? request.name : 'tool',
        arguments: request.args ?? null,
      };
    });
    const id = isRecord(v) && typeof v.id === 'string' ? v.id : undefined;
    out.push({ ...(id !== undefined && { id }), calls });
  }
  return out;
}

/** One person's decision, for every call of every approval interrupt waiting for them. */
export type HitlDecision =
  | { readonly type: 'approve' }
  | { readonly type: 'reject'; readonly message: string };

/**
 * The value that resumes the graph with `decision` on each request: `{ decisions }` for one
 * interrupt, a map of interrupt id → `{ decisions }` for several (LangGraph resumes each by id).
 */
export function approvalResume(
  interrupts: readonly ApprovalInterrupt[],
  decision: HitlDecision,
): unknown {
  const answer = (i: ApprovalInterrupt) => ({ decisions: i.calls.map(() => decision) });
  const [only] = interrupts;
  if (interrupts.length === 1 && only) return answer(only);
  return Object.fromEntries(interrupts.map((i, k) => [i.id ?? String(k), answer(i)]));
}
