/**
 * `baton/openai-agents`: what an OpenAI Agents SDK app module needs (it loads @openai/agents on
 * import, so it lives apart from the main entry).
 */
export * from '../adapters/openai-agents/index.ts';
