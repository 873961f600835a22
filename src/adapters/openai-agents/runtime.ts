import * as sdk from '@openai/agents';
import type { Case } from '../../model/labelled-case.ts';
import type { CaseContext } from '../adapter.ts';
import { caseBasics } from '../case-basics.ts';
import type { AgentsAppFactory } from './app.ts';
import { loadAppFactory, startApp } from './load-app.ts';
import type { MappingRules } from './options.ts';
import { acquireTracing, assertTracing, releaseTracing } from './sdk-tracing.ts';
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

/**
 * Loads the app module, then takes over the SDK's tracing (after the import: importing
 * `@openai/agents` installs the exporter to OpenAI, which Baton's processor then replaces).
 */
export async function startRuntime(config: RuntimeConfig): Promise<AgentsRuntime> {
  const factory = await loadAppFactory(config.file, config.given, config.suiteFile);
  const processor = acquireTracing(sdk);
  return {
    runCase: (testCase, ctx) => runCase(factory, processor, config, testCase, ctx),
    stop: () => releaseTracing(sdk),
  };
}

async function runCase(
  factory: AgentsAppFactory,
  processor: BatonTraceProcessor,
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
  await runAgentsCase(testCase, ctx, { app, processor, rules: config.rules, given: config.given });
}
