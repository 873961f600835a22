/** `baton/graph.ts` as `baton init --adapter langgraph` writes it: a graph module to fill in. */
export const GRAPH_TEMPLATE = `import { AIMessage } from '@langchain/core/messages';
import { Command, END, MessagesAnnotation, START, StateGraph } from '@langchain/langgraph';
import { defineGraphApp } from 'baton-handoffs/langgraph';

/**
 * The graph Baton drives (adapter: { type: langgraph } in suite.yaml): each case on its own
 * thread, one graph turn per step. Nodes named after the case's agents are the participants;
 * work moving between them is a handoff, however the graph moves it (Command({ goto }), a
 * transfer tool, an activeAgent key). Replace the stand-in nodes with your agents: a
 * createAgent(...).graph or createReactAgent(...) per agent, or import your compiled graph
 * (node_modules/baton-handoffs/docs/adapters/langgraph.md).
 */
const graph = new StateGraph(MessagesAnnotation)
  .addNode(
    'triage',
    (state) => {
      const to = route(String(state.messages.at(-1)?.content ?? ''));
      if (to !== undefined) return new Command({ goto: to });
      return { messages: [new AIMessage('How can I help?')] };
    },
    { ends: ['refunds', END] },
  )
  .addNode('refunds', () => ({ messages: [new AIMessage('Your refund is on its way.')] }))
  .addEdge(START, 'triage')
  .addEdge('refunds', END)
  .compile();

export default defineGraphApp(() => ({ graph, agents: ['triage', 'refunds'] }));

/** Stands in for your agents' routing: replace the nodes above with your own. */
function route(text: string): 'refunds' | undefined {
  return /refund|money back/i.test(text) ? 'refunds' : undefined;
}
`;
