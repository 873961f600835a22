import { dirname, relative, resolve } from 'node:path';
import type { Adapter } from '../adapter.ts';
import type { SuiteSetupInfo } from '../suite-cases.ts';
import { mappingRules } from './options.ts';
import type { AgentsRuntime } from './runtime.ts';

export interface OpenAiAgentsAdapterConfig {
  readonly path: string;
  readonly options: Readonly<Record<string, unknown>>;
}

/**
 * Drives an OpenAI Agents SDK app: a module whose factory returns the agent graph and its model
 * (docs/adapters/openai-agents.md). Each step of a case is one turn of the graph; the SDK's own
 * spans, captured by a tracing processor, become Baton's spans under the step. The SDK loads in
 * `setup`, so suites with other adapters never load it; given the suite's cases, setup also
 * builds the app once and checks the cases' entries against its agents.
 */
export function createOpenAiAgentsAdapter(
  config: OpenAiAgentsAdapterConfig,
  suiteFile: string,
  suite: SuiteSetupInfo = {},
): Adapter {
  const suiteDir = dirname(suiteFile);
  const shownSuite = relative(process.cwd(), suiteFile) || suiteFile;
  const rules = mappingRules(config.options, shownSuite);
  let runtime: AgentsRuntime | undefined;
  return {
    name: `openai-agents ${config.path}`,
    toolEffects: rules.toolEffects,
    async setup() {
      const { startRuntime } = await import('./runtime.ts');
      runtime = await startRuntime({
        file: resolve(suiteDir, config.path),
        given: config.path,
        suiteFile: shownSuite,
        suiteDir,
        options: config.options,
        rules,
      });
      try {
        await runtime.checkCases(suite);
      } catch (error) {
        // The runner tears down only what set up: give the SDK's tracing back now.
        runtime.stop();
        runtime = undefined;
        throw error;
      }
    },
    async runCase(testCase, ctx) {
      if (!runtime) throw new Error('the openai-agents adapter was not set up');
      const notes = await runtime.runCase(testCase, ctx);
      return notes.length > 0 ? { notes } : undefined;
    },
    async teardown() {
      runtime?.stop();
      runtime = undefined;
    },
  };
}
