import { type BaseMessage, ToolMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { Command, getCurrentTaskInput } from '@langchain/langgraph';
import { METADATA_KEY_HANDOFF_DESTINATION } from '@langchain/langgraph-swarm';
import { z } from 'zod';

/**
 * What a handoff carries. The swarm's own `createHandoffTool` takes no arguments, so a real model
 * would hand over nothing but the conversation; this schema asks it for the envelope the receiver
 * needs, and Baton reads it from the tool call as the handoff payload.
 */
export const HandoffArgs = z.object({
  reason: z
    .string()
    .describe('Why: capability_boundary, explicit_request, low_confidence or policy_gate.'),
  summary: z.string().describe("The customer's request in their words."),
  order_id: z.string().optional().describe('The order, e.g. A-1001, when known.'),
  amount: z.number().optional().describe('The amount in euro, when known.'),
  confidence: z.number().optional().describe('The confidence signal that triggered it.'),
});

/**
 * `transfer_to_<name>`: moves the swarm to `name` (an agent, or the person's node) with the
 * payload in the call. The destination metadata lets `createSwarm` draw the edge.
 */
export function handoffTool(name: string, description: string) {
  const toolName = `transfer_to_${name}`;
  const handoff = tool(
    (_args, config) => {
      const { messages } = getCurrentTaskInput<{ messages: BaseMessage[] }>();
      const receipt = new ToolMessage({
        content: `Transferred to ${name}.`,
        name: toolName,
        tool_call_id: config.toolCall?.id ?? toolName,
      });
      return new Command({
        goto: name,
        graph: Command.PARENT,
        update: { messages: [...messages, receipt], activeAgent: name },
      });
    },
    { name: toolName, description, schema: HandoffArgs },
  );
  handoff.metadata = { [METADATA_KEY_HANDOFF_DESTINATION]: name };
  return handoff;
}
