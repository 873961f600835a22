import { BatonError } from '../errors.ts';
import type { Fault } from '../model/fault.ts';
import type { AdapterConfig } from '../model/suite.ts';
import type { Adapter } from './adapter.ts';
import type { SuiteCases, SuiteSetupInfo } from './suite-cases.ts';

/** What a suite tells the adapter it builds besides its `adapter:` block. */
export interface AdapterSuite {
  readonly faults?: readonly Fault[];
  /** The cases the run selected, read only by an adapter that checks them at setup. */
  readonly cases?: () => SuiteCases | undefined;
  readonly lineOf?: SuiteSetupInfo['lineOf'];
}

/**
 * The adapter a suite's `adapter:` block describes. Each adapter's code is imported only when a
 * suite uses it, so a module suite never loads the HTTP, OTLP, framework or trace code.
 */
export async function createAdapter(
  config: AdapterConfig,
  suiteFile: string,
  suite: AdapterSuite = {},
): Promise<Adapter> {
  switch (config.type) {
    case 'module': {
      const { createModuleAdapter } = await import('./module/module-adapter.ts');
      return createModuleAdapter(config, suiteFile, suite);
    }
    case 'http': {
      const { createHttpAdapter } = await import('./http/http-adapter.ts');
      return createHttpAdapter(config, suiteFile);
    }
    case 'langgraph': {
      // Loads no LangGraph code itself: the adapter imports LangGraph in setup().
      const { createLangGraphAdapter } = await import('./langgraph/langgraph-adapter.ts');
      return createLangGraphAdapter(config, suiteFile);
    }
    case 'traces': {
      const { createTracesAdapter } = await import('./traces/traces-adapter.ts');
      return createTracesAdapter(config, suiteFile);
    }
    case 'openai-agents': {
      // Loads no SDK code itself: the adapter imports @openai/agents in setup().
      const { createOpenAiAgentsAdapter } = await import(
        './openai-agents/openai-agents-adapter.ts'
      );
      // Setup builds the app once and checks its agents against the cases' entries.
      const cases = suite.cases?.();
      return createOpenAiAgentsAdapter(config, suiteFile, {
        ...(cases && { cases }),
        ...(suite.lineOf && { lineOf: suite.lineOf }),
      });
    }
    default:
      throw new BatonError(
        'adapter.load',
        `Failed to create the ${(config as { type: string }).type} adapter: this build of Baton does not include it. Use type: module, http, openai-agents, langgraph or traces.`,
      );
  }
}
