import { dirname, relative, resolve } from 'node:path';
import { BatonError } from '../../errors.ts';
import { thrownAt } from '../../io/user-frame.ts';
import type { Fault } from '../../model/fault.ts';
import type { Adapter } from '../adapter.ts';
import { caseBasics } from '../case-basics.ts';
import { loadUserFactory, messageOf } from '../load-user-factory.ts';
import { createTransport } from '../transport/transport.ts';
import type { HandoffImplementation, ImplementationFactory } from './implementation.ts';

export interface ModuleAdapterConfig {
  readonly path: string;
  readonly options: Readonly<Record<string, unknown>>;
}

/** What the module adapter needs from the suite besides its own block. */
export interface ModuleAdapterContext {
  /** Faults for every case; each case adds its own. */
  readonly faults?: readonly Fault[];
}

/**
 * Drives an in-process implementation: a TS or JS module (TypeScript loads without a build step)
 * whose factory returns a HandoffImplementation. Each case gets its own session; each step runs
 * inside Baton's step span.
 */
export function createModuleAdapter(
  config: ModuleAdapterConfig,
  suiteFile: string,
  suite: ModuleAdapterContext = {},
): Adapter {
  const suiteDir = dirname(suiteFile);
  const shownSuite = relative(process.cwd(), suiteFile) || suiteFile;
  const file = resolve(suiteDir, config.path);
  let implementation: HandoffImplementation | undefined;
  return {
    name: `module ${config.path}`,
    deliversHandoffs: true,
    async setup() {
      const factory = await loadUserFactory<ImplementationFactory>({
        file,
        given: config.path,
        suite: shownSuite,
        what: 'adapter module',
        exportName: 'createImplementation',
        shape: 'a function (options, context) => implementation',
      });
      let made: unknown;
      try {
        made = await factory(config.options, { suiteDir });
      } catch (error) {
        throw new BatonError(
          'adapter.load',
          `Failed to start the implementation in ${config.path}: its factory threw ${messageOf(error)}${thrownAt(error)}. Fix the code it points at, or adapter.options in ${shownSuite}.`,
        );
      }
      implementation = checkedImplementation(made, config.path, shownSuite);
    },
    async runCase(testCase, ctx) {
      if (!implementation) throw new Error('the module adapter was not set up');
      const faults = [...(suite.faults ?? []), ...(testCase.faults ?? [])];
      // The signal is read only if a fault needs it: making one per case costs measurable time.
      const transport = createTransport(faults, {
        caseId: testCase.id,
        repeat: ctx.repeat,
        signal: () => ctx.signal,
      });
      const session = await implementation.startCase(
        Object.assign(caseBasics(testCase, ctx), {
          deliver: transport.deliver,
          parallel: transport.parallel,
        }),
      );
      for (let i = 0; i < testCase.steps.length; i++) {
        if (ctx.aborted) return undefined;
        await ctx.step(i, (step) => session.handle(step, i));
      }
      await session.end?.();
      return transport.permutationSeed === undefined
        ? undefined
        : { permutationSeed: transport.permutationSeed };
    },
    async teardown() {
      await implementation?.close?.();
    },
    receiver(edge) {
      const receive = implementation?.receive?.bind(implementation);
      return receive && (async (envelope) => receive({ ...edge, envelope }));
    },
    negotiator() {
      const negotiate = implementation?.negotiate?.bind(implementation);
      return negotiate && (async (request) => negotiate(request));
    },
  };
}

/**
 * What the module's factory returned, when it is an implementation (it has `startCase`). An app
 * for another adapter is named with the `adapter.type` it needs: every case would otherwise fail
 * with `startCase is not a function`.
 */
function checkedImplementation(made: unknown, path: string, suite: string): HandoffImplementation {
  const value =
    (typeof made === 'object' || typeof made === 'function') && made !== null ? made : {};
  const other =
    'graph' in value
      ? 'a LangGraph app (defineGraphApp): set `adapter.type: langgraph`'
      : 'startingAgent' in value
        ? 'an OpenAI Agents SDK app (defineAgentsApp): set `adapter.type: openai-agents`'
        : undefined;
  if (other === undefined && typeof (value as { startCase?: unknown }).startCase === 'function')
    return value as HandoffImplementation;
  throw new BatonError(
    'adapter.load',
    other === undefined
      ? `Failed to start the implementation in ${path}: its factory returned no startCase(info). Return { startCase(info) { return { handle(step) {…} }; } } (see "The module adapter" in the README), or name the adapter its app is for in ${suite}.`
      : `Failed to start the implementation in ${path}: its factory returned ${other} in ${suite}.`,
  );
}
