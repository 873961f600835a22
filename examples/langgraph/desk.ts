import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { createSwarm } from '@langchain/langgraph-swarm';
import { deskModel } from './desk-model.ts';
import { handoffTool } from './handoff-tool.ts';
import { personNode } from './person-node.ts';
import type { Playbook } from './playbook.ts';

/**
 * The support desk as a LangGraph swarm: one ReAct agent per playbook agent, each able to
 * transfer to every other agent and to the person, plus the person's node. Compiled without a
 * checkpointer: Baton's adapter attaches one, a deployment would pass its own.
 */
export function buildDesk(playbook: Playbook) {
  const names = Object.keys(playbook.agents);
  const targets = [...names, playbook.person];
  const agents = Object.entries(playbook.agents).map(([name, agent]) =>
    createReactAgent({
      name,
      llm: deskModel(playbook, name),
      prompt: agent.prompt,
      tools: targets
        .filter((target) => target !== name)
        .map((target) => handoffTool(target, describeTarget(playbook, target))),
    }),
  );
  return createSwarm({
    agents: [...agents, personNode(playbook.person)],
    defaultActiveAgent: playbook.entry,
  }).compile();
}

function describeTarget(playbook: Playbook, target: string): string {
  const agent = playbook.agents[target];
  if (!agent)
    return `Escalate to ${target}, a person, for approvals and anything you may not decide.`;
  return `Hand the conversation to ${target}, who handles: ${agent.handles.join(', ') || 'nothing yet'}.`;
}
