import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { createSwarm } from '@langchain/langgraph-swarm';
import type { TripwiseApis } from './apis.ts';
import { dutyManager } from './duty-manager.ts';
import { transferTo } from './handoff.ts';
import { supportTools } from './tools.ts';

export interface DeskModels {
  readonly concierge: BaseChatModel;
  readonly changes: BaseChatModel;
  readonly billing: BaseChatModel;
}

/** Tripwise's support swarm: who may transfer to whom, and each agent's business tools. */
export function buildSwarm(models: DeskModels, apis: TripwiseApis) {
  const tools = supportTools(apis);
  const concierge = createReactAgent({
    name: 'concierge',
    llm: models.concierge,
    tools: [
      ...tools.concierge,
      transferTo('changes', 'Cancellations, changes and refunds of bookings.'),
      transferTo('billing', 'Invoices, receipts and charges.'),
    ],
    prompt: 'You are the Tripwise concierge. Find out what the traveller needs and route them.',
  });
  const changes = createReactAgent({
    name: 'changes',
    llm: models.changes,
    tools: [
      ...tools.changes,
      transferTo('concierge', 'Back to the concierge.'),
      transferTo('duty_manager', 'Ask the duty manager to approve a refund above 500 euro.'),
    ],
    prompt: 'You change, cancel and refund bookings. Refunds above 500 euro need the duty manager.',
  });
  const billing = createReactAgent({
    name: 'billing',
    llm: models.billing,
    tools: [...tools.billing, transferTo('concierge', 'Back to the concierge.')],
    prompt: 'You handle invoices and charges.',
  });
  return createSwarm({
    agents: [concierge, changes, billing, dutyManager()],
    defaultActiveAgent: 'concierge',
  }).compile();
}
