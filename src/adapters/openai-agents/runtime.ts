import type { Case } from '../../model/labelled-case.ts';
import type { CaseContext } from '../adapter.ts';
import { importFromApp } from '../app-import.ts';
import { caseBasics } from '../case-basics.ts';
import type { AgentsAppFactory } from './app.ts';
import { loadAppFactory, startApp } from './load-app.ts';
import type { MappingRules } from './options.ts';
import { type AgentsSdk, acquireTracing, assertTracing, releaseTracing } from './sdk-tracing.ts';
import { runAgentsCase } from './session.ts';
import type { BatonTraceProcessor } from './trace-processor.ts';

/** Where the app is and how to read its spans: resolved by the adapter from the suite. */
export interface RuntimeConfig {
  readonly file: string;
  readonly given: string;
  readonly suiteFile: string;
  readonly suiteDir: string;
  readonly options: Readonly<Record<string, unknown>>;
  readonly rules: MappingRules;
}

/** The SDK side of the adapter, loaded only when a suite uses it. */
export interface AgentsRuntime {
  runCase(testCase: Case, ctx: CaseContext): Promise<void>;
  stop(): void;
}

/** What every case of a run shares: the app's factory, its SDK copy and Baton's processor. */
interface Loaded {
  readonly factory: AgentsAppFactory;
  readonly sdk: AgentsSdk;
  readonly processor: BatonTraceProcessor;
}

/**
 * Loads the app module and the `@openai/agents` copy the app itself imports (never Baton's own:
 * the SDK tells its classes apart by `instanceof`), then takes over that SDK's tracing — after
 * the import, since importing `@openai/agents` installs the exporter to OpenAI, which Baton's
 * processor then replaces.
 */
export async function startRuntime(config: RuntimeConfig): Promise<AgentsRuntime> {
  const factory = await loadAppFactory(config.file, config.given, config.suiteFile);
  const sdk = await importFromApp<AgentsSdk>('@openai/agents', {
    file: config.file,
    given: config.given,
    what: 'agents app',
  });
  const loaded: Loaded = { factory, sdk, processor: acquireTracing(sdk) };
  return {
    runCase: (testCase, ctx) => runCase(loaded, config, testCase, ctx),
    stop: () => releaseTracing(sdk),
  };
}

async function runCase(
  { factory, sdk, processor }: Loaded,
  config: RuntimeConfig,
  testCase: Case,
  ctx: CaseContext,
): Promise<void> {
  const app = await startApp(
    factory,
    config.options,
    Object.assign(caseBasics(testCase, ctx), { suiteDir: config.suiteDir }),
    config.given,
  );
  // The factory is user code that ran after setup: make sure it left tracing to Baton.
  assertTracing(sdk, processor);
  await runAgentsCase(testCase, ctx, {
    app,
    sdk,
    processor,
    rules: config.rules,
    given: config.given,
  });
}
