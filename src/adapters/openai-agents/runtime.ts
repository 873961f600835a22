import type { Case } from '../../model/labelled-case.ts';
import type { CaseNote } from '../../model/report.ts';
import type { CaseContext } from '../adapter.ts';
import { importFromApp } from '../app-import.ts';
import { caseBasics } from '../case-basics.ts';
import type { SuiteSetupInfo } from '../suite-cases.ts';
import type { AgentsApp, AgentsAppFactory } from './app.ts';
import { entryMismatch } from './entry-check.ts';
import { checkedApp, loadAppFactory, startApp } from './load-app.ts';
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
  /**
   * Builds the app once, for the first case, and throws what every case would otherwise fail
   * with alike: an app that is no app, or cases entering at agents its graph does not have.
   */
  checkCases(info: SuiteSetupInfo): Promise<void>;
  /** Resolves with what the user should know about the case's run (`CaseNote`s). */
  runCase(testCase: Case, ctx: CaseContext): Promise<CaseNote[]>;
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
    checkCases: (info) => checkCases(loaded, config, info),
    runCase: (testCase, ctx) => runCase(loaded, config, testCase, ctx),
    stop: () => releaseTracing(sdk),
  };
}

async function checkCases(
  { factory, sdk, processor }: Loaded,
  config: RuntimeConfig,
  { cases, lineOf }: SuiteSetupInfo,
): Promise<void> {
  if (cases === undefined) return;
  const { first } = cases;
  let app: AgentsApp;
  try {
    app = await factory(config.options, {
      id: first.id,
      entry: first.entry,
      agents: first.agents,
      persons: first.persons,
      repeat: 0,
      signal: new AbortController().signal,
      suiteDir: config.suiteDir,
    });
  } catch {
    // A throw may depend on the case: each case that meets it reports it.
    return;
  } finally {
    assertTracing(sdk, processor);
  }
  checkedApp(app, config.given, first);
  const mismatch = entryMismatch({
    start: app.startingAgent,
    getHandoff: sdk.getHandoff,
    rules: config.rules,
    cases,
    given: config.given,
    suiteFile: config.suiteFile,
    ...(lineOf && { lineOf }),
  });
  if (mismatch) throw mismatch;
}

async function runCase(
  { factory, sdk, processor }: Loaded,
  config: RuntimeConfig,
  testCase: Case,
  ctx: CaseContext,
): Promise<CaseNote[]> {
  const app = await startApp(
    factory,
    config.options,
    Object.assign(caseBasics(testCase, ctx), { suiteDir: config.suiteDir }),
    config.given,
  );
  // The factory is user code that ran after setup: make sure it left tracing to Baton.
  assertTracing(sdk, processor);
  return runAgentsCase(testCase, ctx, {
    app,
    sdk,
    processor,
    rules: config.rules,
    given: config.given,
  });
}
