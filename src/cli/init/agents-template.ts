/** `baton/agents.ts` as `baton init --adapter openai-agents` writes it: an agents app to fill in. */
export const AGENTS_TEMPLATE = `import { Agent, handoff } from '@openai/agents';
import {
  defineAgentsApp,
  handoffTo,
  type Script,
  say,
  scriptedModel,
} from 'baton-handoffs/openai-agents';

/**
 * The agents Baton drives (adapter: { type: openai-agents } in suite.yaml): each case step is
 * one turn of the SDK's runner, the conversation carried over. Baton reads the SDK's own tracing
 * (agents, handoffs, tool calls), so your agents emit nothing for it. Replace desk() with your
 * own starting agent, and the scripted model with yours: scriptedModel() answers offline from
 * the replies below; for the OpenAI API return { startingAgent, modelProvider } instead
 * (node_modules/baton-handoffs/docs/adapters/openai-agents.md, "Offline models").
 */
export default defineAgentsApp((_options, info) => {
  const script = SCRIPTS[info.id];
  if (script === undefined) {
    throw new Error(\`no scripted replies for case \${info.id}: add them to SCRIPTS in baton/agents.ts\`);
  }
  return { startingAgent: desk(), model: scriptedModel(script) };
});

/** Stands in for your agents: triage hands refund requests to refunds. */
function desk(): Agent {
  const refunds = new Agent({ name: 'refunds', instructions: 'Refund orders.' });
  return new Agent({
    name: 'triage',
    instructions: 'Answer greetings; hand refund requests to refunds.',
    handoffs: [handoff(refunds)],
  });
}

/** What the model answers in each case: one list of replies per step, in the order it is asked. */
const SCRIPTS: Record<string, Script> = {
  'refund-goes-to-refunds': {
    steps: [[handoffTo('triage', 'refunds'), say('refunds', 'Your refund is on its way.')]],
  },
  'greeting-stays-with-triage': { steps: [[say('triage', 'How can I help?')]] },
};
`;
