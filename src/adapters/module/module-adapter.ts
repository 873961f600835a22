import { existsSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BatonError } from '../../errors.ts';
import type { Fault } from '../../model/fault.ts';
import type { Adapter } from '../adapter.ts';
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
    async setup() {
      const factory = await loadFactory(file, shownSuite, config.path);
      try {
        implementation = await factory(config.options, { suiteDir });
      } catch (error) {
        throw new BatonError(
          'adapter.load',
          `Failed to start the implementation in ${config.path}: its factory threw ${messageOf(error)}. Check adapter.options in ${shownSuite}.`,
        );
      }
    },
    async runCase(testCase, ctx) {
      if (!implementation) throw new Error('the module adapter was not set up');
      const faults = [...(suite.faults ?? []), ...(testCase.faults ?? [])];
      const transport = createTransport(faults, {
        caseId: testCase.id,
        repeat: ctx.repeat,
        signal: ctx.signal,
      });
      const session = await implementation.startCase({
        id: testCase.id,
        entry: testCase.entry,
        agents: testCase.agents,
        persons: testCase.persons,
        repeat: ctx.repeat,
        get signal() {
          return ctx.signal;
        },
        deliver: transport.deliver,
        parallel: transport.parallel,
      });
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

async function loadFactory(
  file: string,
  suiteFile: string,
  given: string,
): Promise<ImplementationFactory> {
  if (!existsSync(file)) {
    throw new BatonError(
      'adapter.load',
      `Failed to load the adapter module ${given}: no file at ${file}. Fix adapter.path in ${suiteFile} (it is relative to the suite file).`,
    );
  }
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    throw new BatonError(
      'adapter.load',
      `Failed to load the adapter module ${given}: ${messageOf(error)}. Fix the module, then run again.`,
    );
  }
  const factory = mod.default ?? mod.createImplementation;
  if (typeof factory !== 'function') {
    throw new BatonError(
      'adapter.load',
      `Failed to load the adapter module ${given}: it exports no factory. Export \`default\` or \`createImplementation\` as a function (options, context) => implementation.`,
    );
  }
  return factory as ImplementationFactory;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
