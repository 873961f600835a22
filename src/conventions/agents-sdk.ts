/**
 * Attributes Baton's openai-agents adapter writes to keep the SDK's view of each span next to
 * Baton's (docs/adapters/openai-agents.md). The normaliser reads the function ones as tool calls.
 */
export const SDK_ATTR = {
  spanType: 'openai_agents.span.type',
  spanId: 'openai_agents.span.id',
  name: 'openai_agents.name',
  fromAgent: 'openai_agents.handoff.from_agent',
  toAgent: 'openai_agents.handoff.to_agent',
  /** Every agent one model response asked to hand off to, when it asked for several. */
  requestedAgents: 'openai_agents.handoff.requested_agents',
  input: 'openai_agents.function.input',
  output: 'openai_agents.function.output',
  model: 'openai_agents.generation.model',
  responseId: 'openai_agents.response.id',
  error: 'openai_agents.error',
} as const;
