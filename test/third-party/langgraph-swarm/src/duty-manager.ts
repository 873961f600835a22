import { randomUUID } from 'node:crypto';
import { AIMessage, type BaseMessage, ToolMessage } from '@langchain/core/messages';
import { Command, interrupt, MessagesAnnotation, START, StateGraph } from '@langchain/langgraph';

interface Approval {
  readonly decision: string;
  readonly note?: string;
}

/**
 * The duty manager, a person: a transfer to this node pauses the swarm until the manager
 * answers in the back office (`Command({ resume })`), then sends the work back to the agent that
 * asked, with the decision.
 */
export function dutyManager() {
  return new StateGraph(MessagesAnnotation)
    .addNode('await_decision', (state) => {
      const request = lastRequest(state.messages);
      const answer = interrupt<object, Approval>({ approval_for: request.args });
      const id = randomUUID();
      const back = new AIMessage({
        content: `Duty manager: ${answer.decision}.`,
        name: 'duty_manager',
        tool_calls: [
          {
            id,
            name: `transfer_to_${request.from}`,
            args: {
              reason: 'person_decision',
              summary: answer.note ?? answer.decision,
              decision: answer.decision,
              ...(request.args.booking_ref !== undefined && {
                booking_ref: request.args.booking_ref,
              }),
            },
          },
        ],
      });
      return new Command({
        goto: request.from,
        graph: Command.PARENT,
        update: {
          messages: [back, new ToolMessage({ content: 'Decision passed on.', tool_call_id: id })],
          activeAgent: request.from,
        },
      });
    })
    .addEdge(START, 'await_decision')
    .compile({ name: 'duty_manager' });
}

function lastRequest(messages: readonly BaseMessage[]): {
  from: string;
  args: Record<string, unknown>;
} {
  for (const message of [...messages].reverse()) {
    if (!AIMessage.isInstance(message)) continue;
    const call = message.tool_calls?.find((c) => c.name === 'transfer_to_duty_manager');
    if (call && message.name) return { from: message.name, args: call.args };
  }
  throw new Error('the duty manager was reached without a transfer_to_duty_manager call');
}
