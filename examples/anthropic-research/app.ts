/**
 * The module Baton's suites load (adapter `module`): a research desk on the real
 * `@anthropic-ai/sdk`, a researcher handing sourced findings to a writer. Options:
 * `variant` (`careful` | `hasty`) and `stream` (true: the SDK's streaming API).
 * With `ANTHROPIC_API_KEY` it talks to the live API; the suites replay a cassette instead.
 */
import Anthropic from '@anthropic-ai/sdk';
import { defineImplementation } from 'baton-handoffs';
import { type Input, ResearchDesk } from './desk.ts';
import type { Variant } from './tools.ts';

export default defineImplementation((options) => {
  const variant = variantOf(options.variant);
  const stream = options.stream === true;
  // Built when Baton starts the suite, after its msw layer is in place.
  const client = new Anthropic({
    apiKey: process.env.ANTHROPIC_API_KEY ?? 'offline',
    maxRetries: 0,
  });
  return {
    startCase() {
      const desk = new ResearchDesk({ client, variant, stream });
      return {
        handle: (step) => {
          const input: Input | undefined =
            step.kind === 'customer'
              ? { kind: 'request', text: step.text }
              : step.kind === 'tool' && step.name === 'web_search'
                ? { kind: 'search_result', result: step.result }
                : undefined;
          return input && desk.take(input);
        },
      };
    },
  };
});

function variantOf(value: unknown): Variant {
  if (value === undefined || value === 'careful' || value === 'hasty') return value ?? 'careful';
  throw new Error(`variant must be careful or hasty, received ${JSON.stringify(value)}`);
}
