import type { ScriptedReply } from 'baton-handoffs/langgraph';
import { ScriptedChatModel } from 'baton-handoffs/langgraph';
import { type Conversation, readConversation } from './conversation.ts';
import { intentOf, mentions, ownerOf, type Playbook } from './playbook.ts';

/**
 * The stand-in for an LLM behind one desk agent: it reads the conversation and follows the
 * playbook's rules for that agent, deterministically and offline. Swap in a real chat model and
 * the same cases judge the real prompts.
 */
export function deskModel(playbook: Playbook, agent: string): ScriptedChatModel {
  return new ScriptedChatModel({
    name: agent,
    respond: (call) => decide(playbook, agent, readConversation(call.messages)),
  });
}

/** One agent's next move, in the playbook's order: hand-back, person rules, routing, approval. */
export function decide(playbook: Playbook, agent: string, c: Conversation): ScriptedReply {
  const latest = c.latest;
  if (!latest) return 'Hello, how can I help?';
  const person = playbook.person;
  const decision = c.transfers.find((t) => t.to === agent && t.by === person && t.at > latest.at);
  if (decision)
    return `${person} decided: ${String(decision.args.decision)}. I'll take it from here.`;
  if (latest.kind === 'customer' && mentions(latest.text, playbook.escalation.explicit_request)) {
    return transfer(person, 'explicit_request', c);
  }
  if (c.confidence !== undefined && c.confidence < playbook.escalation.min_confidence) {
    return transfer(person, 'low_confidence', c);
  }
  const intent = latest.kind === 'customer' ? intentOf(playbook, latest.text) : undefined;
  const owner = intent === undefined ? undefined : ownerOf(playbook, intent);
  if (owner !== undefined && owner !== agent) return transfer(owner, 'capability_boundary', c);
  const limit = playbook.agents[agent]?.approval_limit;
  const gated = c.transfers.some((t) => t.to === person && t.args.reason === 'policy_gate');
  if (limit !== undefined && c.amount !== undefined && c.amount > limit && !gated) {
    return transfer(person, 'policy_gate', c);
  }
  return `${agent}: ${intent === undefined ? 'noted' : `on it (${intent})`}${c.orderId ? `, order ${c.orderId}` : ''}.`;
}

/** A transfer tool call whose arguments are the handoff payload: the reason and what is known. */
function transfer(to: string, reason: string, c: Conversation): ScriptedReply {
  return {
    toolCalls: [
      {
        name: `transfer_to_${to}`,
        args: {
          reason,
          summary: c.lastCustomer ?? '',
          ...(c.orderId !== undefined && { order_id: c.orderId }),
          ...(c.amount !== undefined && { amount: c.amount }),
          ...(c.confidence !== undefined && { confidence: c.confidence }),
        },
      },
    ],
  };
}
