import type { ActiveAgent, SenderBy } from './active-agent.ts';
import type { HandoffToolMatcher } from './handoff-tools.ts';
import { receiverName } from './receivers.ts';
import { isRecord, type ModelReply } from './reply.ts';

/** A handoff read from a model response: one tool call the suite's rules call a handoff. */
export interface TrafficHandoff {
  readonly from: string;
  readonly to: string;
  readonly senderBy: SenderBy;
  readonly tool: string;
  readonly toolCallId?: string;
  /** The tool input: the envelope the receiver gets. */
  readonly payload: unknown;
  readonly reason?: string;
  readonly rule: string;
}

export interface ReplyContext {
  readonly matcher: HandoffToolMatcher;
  /** The case's agents and persons, to name receivers as the case does. */
  readonly participants: readonly string[];
  readonly active: ActiveAgent;
  /** The agent the suite's `agents` rules name for the request, if any. */
  readonly ruleAgent: string | undefined;
}

/**
 * The handoffs in one model response, in the order the model made the calls. All come from the
 * response's sender; the active agent then follows each receiver in turn.
 */
export function replyHandoffs(reply: ModelReply, ctx: ReplyContext): TrafficHandoff[] {
  const sender = ctx.active.sender(ctx.ruleAgent);
  const out: TrafficHandoff[] = [];
  for (const call of reply.toolCalls) {
    const found = ctx.matcher(call.name);
    if (!found) continue;
    const to = receiverName(found.to, ctx.participants);
    const reason =
      found.reasonField === undefined ? undefined : textAt(call.input, found.reasonField);
    out.push({
      from: sender.agent,
      to,
      senderBy: sender.by,
      tool: call.name,
      ...(call.id !== undefined && { toolCallId: call.id }),
      payload: call.input,
      ...(reason !== undefined && { reason }),
      rule: found.rule,
    });
  }
  for (const h of out) ctx.active.handedTo(h.to);
  return out;
}

function textAt(value: unknown, path: string): string | undefined {
  let current = value;
  for (const part of path.split('.')) {
    if (!isRecord(current)) return undefined;
    current = current[part];
  }
  return typeof current === 'string' || typeof current === 'number' ? String(current) : undefined;
}
