import { OpenAIProvider } from '@openai/agents';
import { defineAgentsApp, scriptedModel } from 'baton-handoffs/openai-agents';
import OpenAI from 'openai';
import { buildDesk, type Variant } from './desk.ts';
import { SCRIPTS } from './scripts.ts';

/** The model the desk asks the OpenAI API for: pinned, so recorded requests replay. */
export const OPENAI_MODEL = 'gpt-4.1-mini';

/**
 * The module the openai-agents suites load. Options (the suite's `adapter.options`):
 * - `variant`: `careful` (default) or `eager` — the instructions and refund envelope in force;
 * - `model`: `scripted` (default: offline, the replies in scripts.ts) or `openai` (the OpenAI
 *   Responses API: live with OPENAI_API_KEY, or replayed from a suite's `cassette:`).
 */
export default defineAgentsApp((options, info) => {
  const variant = variantOf(options.variant);
  if (options.model === 'openai') {
    // Built per case, after Baton's msw (cassettes, effects) listens: the client keeps the
    // `fetch` it finds when constructed. A replayed cassette needs no real key.
    const openAIClient = new OpenAI({ apiKey: process.env.OPENAI_API_KEY ?? 'sk-replay-only' });
    return {
      startingAgent: buildDesk(variant, OPENAI_MODEL).triage,
      modelProvider: new OpenAIProvider({ openAIClient }),
    };
  }
  const script = SCRIPTS[variant][info.id];
  if (script === undefined) {
    throw new Error(
      `no script for case ${info.id} in the ${variant} variant: add one to examples/openai-agents/scripts.ts`,
    );
  }
  return { startingAgent: buildDesk(variant).triage, model: scriptedModel(script) };
});

function variantOf(value: unknown): Variant {
  if (value === undefined || value === 'careful') return 'careful';
  if (value === 'eager') return 'eager';
  throw new Error(`options.variant must be careful or eager, not ${JSON.stringify(value)}`);
}
