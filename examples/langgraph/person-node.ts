import { randomUUID } from 'node:crypto';
import { AIMessage, type BaseMessage, ToolMessage } from '@langchain/core/messages';
import { Command, interrupt, MessagesAnnotation, START, StateGraph } from '@langchain/langgraph';

/** What a person answers when the graph asks: Baton resumes the interrupt with a person step. */
export interface PersonAnswer {
  readonly who: string;
  readonly decision: string;
  readonly note?: string;
}

/**
 * A swarm member that stands for a person: handing work to it pauses the graph in `interrupt()`
 * with the escalation's payload; the person's answer (`Command({ resume })`) sends the work back
 * to the agent that escalated, through a `transfer_to_<agent>` call carrying the decision.
 */
export function personNode(name: string) {
  return new StateGraph(MessagesAnnotation)
    .addNode('decide', (state) => {
      const escalation = lastTransferTo(name, state.messages);
      const answer = interrupt<object, PersonAnswer>({ person: name, ...escalation });
      const back = escalation.from;
      const id = randomUUID();
      const call = new AIMessage({
        content: `${name} decided: ${answer.decision}`,
        name,
        tool_calls: [
          {
            id,
            name: `transfer_to_${back}`,
            args: {
              reason: 'person_decision',
              decision: answer.decision,
              ...(answer.note !== undefined && { note: answer.note }),
              ...(escalation.order_id !== undefined && { order_id: escalation.order_id }),
            },
          },
        ],
      });
      const receipt = new ToolMessage({ content: `Back with ${back}.`, tool_call_id: id });
      return new Command({
        goto: back,
        graph: Command.PARENT,
        update: { messages: [call, receipt], activeAgent: back },
      });
    })
    .addEdge(START, 'decide')
    .compile({ name });
}

/** Who escalated to `name` last, and the payload they sent. */
function lastTransferTo(
  name: string,
  messages: readonly BaseMessage[],
): { from: string; [key: string]: unknown } {
  for (const message of [...messages].reverse()) {
    if (!AIMessage.isInstance(message)) continue;
    const call = message.tool_calls?.find((c) => c.name === `transfer_to_${name}`);
    if (call && message.name) return { ...call.args, from: message.name };
  }
  throw new Error(`${name} was reached without a transfer_to_${name} call: nobody to answer to.`);
}
