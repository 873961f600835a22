import { BatonError } from '../errors.ts';
import type { Fault } from '../model/fault.ts';
import type { AdapterConfig } from '../model/suite.ts';
import type { Adapter } from './adapter.ts';
import { createHttpAdapter } from './http/http-adapter.ts';
// Loads no LangGraph code itself: the adapter imports LangGraph in setup(), for langgraph suites only.
import { createLangGraphAdapter } from './langgraph/langgraph-adapter.ts';
import { createModuleAdapter } from './module/module-adapter.ts';
// Loads no SDK code itself: the adapter imports @openai/agents in setup(), for openai-agents suites only.
import { createOpenAiAgentsAdapter } from './openai-agents/openai-agents-adapter.ts';
import { createTracesAdapter } from './traces/traces-adapter.ts';

/** The adapter a suite's `adapter:` block describes. */
export function createAdapter(
  config: AdapterConfig,
  suiteFile: string,
  suite: { readonly faults?: readonly Fault[] } = {},
): Adapter {
  switch (config.type) {
    case 'module':
      return createModuleAdapter(config, suiteFile, suite);
    case 'http':
      return createHttpAdapter(config, suiteFile);
    case 'langgraph':
      return createLangGraphAdapter(config, suiteFile);
    case 'traces':
      return createTracesAdapter(config, suiteFile);
    case 'openai-agents':
      return createOpenAiAgentsAdapter(config, suiteFile);
    default:
      // The HTTP, OpenAI Agents, LangGraph and trace adapters register here as they land.
      throw new BatonError(
        'adapter.load',
        `Failed to create the ${(config as { type: string }).type} adapter: this build of Baton does not include it yet. Use type: module.`,
      );
  }
}
