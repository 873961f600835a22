import { z } from 'zod';
import { ParticipantName } from './case.ts';

/**
 * Which tool calls in a model response are handoffs: named tools to a fixed receiver, or a
 * regular expression over the tool name whose first capture group names the receiver. Exactly
 * one of `tools` and `pattern`; the loader checks what the shape alone cannot (a pattern that
 * compiles, a receiver for every rule) and says where.
 */
export const ModelTrafficHandoffRule = z.strictObject({
  tools: z
    .array(z.string().min(1))
    .min(1)
    .optional()
    .describe('Exact tool names that hand the work to `to`, e.g. [escalate_to_human].'),
  pattern: z
    .string()
    .min(1)
    .optional()
    .describe(
      'A regular expression over the tool name, e.g. ^delegate_(.+)$: its first capture group names the receiver unless `to` is set.',
    ),
  to: ParticipantName.optional().describe('The receiver (required with `tools`).'),
  reason_field: z
    .string()
    .min(1)
    .optional()
    .describe('A dotted path into the tool input that holds the handoff reason, e.g. reason.'),
});

/** Who sent a model request when no agent span is active: by its system prompt or metadata. */
export const ModelTrafficAgentRule = z.strictObject({
  agent: ParticipantName.describe('The agent whose requests match.'),
  system: z
    .string()
    .min(1)
    .optional()
    .describe('Text the system prompt (or instructions) contains; case is ignored.'),
  metadata: z
    .record(z.string(), z.string())
    .optional()
    .describe('Values the request carries in `metadata` (and `user`), all of them.'),
});

/**
 * Handoffs recognised in model API traffic that msw sees: an Anthropic `tool_use` block, an
 * OpenAI Chat Completions `tool_calls` entry or a Responses `function_call` item whose tool is a
 * handoff. For implementations that emit no handoff spans.
 */
export const ModelTrafficConfig = z.strictObject({
  handoffs: z
    .array(ModelTrafficHandoffRule)
    .default([])
    .describe('Rules naming handoff tools; tried before the built-in patterns.'),
  builtin: z
    .boolean()
    .default(true)
    .describe('Also recognise handoff_to_<receiver> and transfer_to_<receiver> tools.'),
  agents: z
    .array(ModelTrafficAgentRule)
    .default([])
    .describe('Who sent a request, when no agent span says; otherwise the active agent.'),
});

export type ModelTrafficHandoffRule = z.output<typeof ModelTrafficHandoffRule>;
export type ModelTrafficAgentRule = z.output<typeof ModelTrafficAgentRule>;
export type ModelTrafficConfig = z.output<typeof ModelTrafficConfig>;
