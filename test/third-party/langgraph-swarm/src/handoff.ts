import { type BaseMessage, ToolMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { Command, getCurrentTaskInput } from '@langchain/langgraph';
import { METADATA_KEY_HANDOFF_DESTINATION } from '@langchain/langgraph-swarm';
import { z } from 'zod';

/** What a transfer hands over, so the receiver does not have to ask the traveller again. */
const Transfer = z.object({
  reason: z.string().describe('capability_boundary, policy_gate, hand_back or person_decision'),
  summary: z.string().describe('What the traveller wants, in a sentence.'),
  booking_ref: z.string().optional(),
  invoice_id: z.string().optional(),
  amount_eur: z.number().optional(),
  decision: z.string().optional(),
});

/**
 * A swarm transfer tool with arguments: `createHandoffTool` takes none, so the receiver would get
 * the chat history and nothing structured. Same routing as the swarm's own tool.
 */
export function transferTo(agent: string, description: string) {
  const name = `transfer_to_${agent}`;
  const transfer = tool(
    (_args, config) => {
      const { messages } = getCurrentTaskInput<{ messages: BaseMessage[] }>();
      const done = new ToolMessage({
        content: `Transferred to ${agent}.`,
        name,
        tool_call_id: config.toolCall?.id ?? name,
      });
      return new Command({
        goto: agent,
        graph: Command.PARENT,
        update: { messages: [...messages, done], activeAgent: agent },
      });
    },
    { name, description, schema: Transfer },
  );
  transfer.metadata = { [METADATA_KEY_HANDOFF_DESTINATION]: agent };
  return transfer;
}
