import { existsSync } from 'node:fs';
import { BatonError } from '../errors.ts';
import { importUserModule, TypeScriptLoaderError } from '../load/import-user-module.ts';

/** A module a suite names for an adapter, and how to talk about it in errors. */
export interface FactorySource {
  /** The module's absolute path. */
  readonly file: string;
  /** `adapter.path` as the suite writes it. */
  readonly given: string;
  /** The suite file as shown to the user. */
  readonly suite: string;
  /** What the module is, e.g. `adapter module`, `agents app`. */
  readonly what: string;
  /** The named export tried after `default`, e.g. `createImplementation`. */
  readonly exportName: string;
  /** How the factory should look, for the "exports no factory" fix. */
  readonly shape: string;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function loadError(source: FactorySource, why: string): BatonError {
  return new BatonError(
    'adapter.load',
    `Failed to load the ${source.what} ${source.given}: ${why}`,
  );
}

/**
 * Imports the user module an adapter names (TypeScript loads through tsx) and returns its
 * factory: `default`, else the named export. Every failure is an `adapter.load` error that says
 * what to fix; nothing throws a stack at the user.
 */
export async function loadUserFactory<F>(source: FactorySource): Promise<F> {
  if (!existsSync(source.file)) {
    throw loadError(
      source,
      `no file at ${source.file}. Fix adapter.path in ${source.suite} (it is relative to the suite file).`,
    );
  }
  let mod: Record<string, unknown>;
  try {
    mod = await importUserModule(source.file);
  } catch (error) {
    if (error instanceof TypeScriptLoaderError) throw loadError(source, `${error.message}.`);
    const missing = missingPackage(error);
    throw loadError(
      source,
      missing === undefined
        ? `${messageOf(error)}. Fix the module, then run again.`
        : `it imports ${missing}, which is not installed. Install it (npm i ${missing}), then run again.`,
    );
  }
  const factory = mod.default ?? mod[source.exportName];
  if (typeof factory !== 'function') {
    const graph = Object.values(mod).some(isCompiledGraph) ? ' but a compiled graph' : '';
    throw loadError(
      source,
      `it exports no factory${graph}. Export \`default\` or \`${source.exportName}\` as ${source.shape}.`,
    );
  }
  return factory as F;
}

/** The package an import could not find (`Cannot find package 'x'`), for an `npm i` fix. */
function missingPackage(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return undefined;
  const name = /Cannot find (?:package|module) '([^']+)'/.exec(
    error instanceof Error ? error.message : '',
  )?.[1];
  // A bare package name (`@scope/name`, `name`), not a relative or absolute file.
  return name !== undefined && /^(?:@[\w.-]+\/)?[\w.-]+$/.test(name) ? name : undefined;
}

/** A compiled LangGraph graph exported where its factory belongs (it streams, it invokes). */
function isCompiledGraph(value: unknown): boolean {
  const v = value as { invoke?: unknown; stream?: unknown } | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.invoke === 'function' &&
    typeof v.stream === 'function'
  );
}
