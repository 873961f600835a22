import type { BaseMessage } from '@langchain/core/messages';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { createSupervisor } from '@langchain/langgraph-supervisor';
import { defineGraphApp, ScriptedChatModel, type ScriptedReply } from 'baton-handoffs/langgraph';
import { readConversation } from './conversation.ts';
import { intentOf, loadPlaybook, ownerOf, type Playbook } from './playbook.ts';
import { playbookPath } from './swarm-app.ts';

const DISPATCHER = 'dispatcher';
const WORKERS = ['refunds', 'billing'] as const;

/**
 * The module `suites/langgraph-supervisor.yaml` loads: the same desk as a supervisor graph. The
 * dispatcher routes each request to a worker with `transfer_to_<worker>`; the worker answers and
 * `createSupervisor` hands control back with `transfer_back_to_dispatcher`. Both directions are
 * handoffs to Baton; the automatic hand-back is the answer coming back and needs no label.
 */
export default defineGraphApp(async (options, { suiteDir }) => {
  const playbook = await loadPlaybook(playbookPath(options.playbook, suiteDir));
  const workers = WORKERS.map((name) =>
    createReactAgent({
      name,
      llm: workerModel(name),
      tools: [],
      prompt: playbook.agents[name]?.prompt ?? `You are ${name}.`,
    }),
  );
  const graph = createSupervisor({
    supervisorName: DISPATCHER,
    agents: workers,
    llm: new ScriptedChatModel({
      name: DISPATCHER,
      respond: (call) => dispatch(playbook, call.messages),
    }),
    prompt: 'Route each customer request to the worker that handles it; answer the rest yourself.',
  }).compile();
  return { graph, agents: [DISPATCHER, ...WORKERS], persons: [] };
});

/** The dispatcher: route a fresh request to its owner, or close the loop after a hand-back. */
function dispatch(playbook: Playbook, messages: readonly BaseMessage[]): ScriptedReply {
  const last = messages.at(-1);
  if (last?.type === 'tool') return 'Done. Is there anything else I can help with?';
  const c = readConversation(messages);
  const intent = c.latest?.kind === 'customer' ? intentOf(playbook, c.latest.text) : undefined;
  const owner = intent === undefined ? undefined : ownerOf(playbook, intent);
  if (owner === undefined || !(WORKERS as readonly string[]).includes(owner)) {
    return 'Happy to help with that directly.';
  }
  const args = {
    reason: 'capability_boundary',
    summary: c.lastCustomer ?? '',
    ...(c.orderId !== undefined && { order_id: c.orderId }),
  };
  return { toolCalls: [{ name: `transfer_to_${owner}`, args }] };
}

function workerModel(name: string): ScriptedChatModel {
  return new ScriptedChatModel({
    name,
    respond: (call) => {
      const { orderId } = readConversation(call.messages);
      return `${name}: done${orderId ? ` for order ${orderId}` : ''}.`;
    },
  });
}
