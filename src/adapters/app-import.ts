import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { moduleResolve } from 'import-meta-resolve';
import { BatonError } from '../errors.ts';
import { messageOf } from './load-user-factory.ts';

/** The user module a framework adapter runs, and how to name it in errors. */
export interface AppModule {
  /** The module's absolute path: packages are resolved from here. */
  readonly file: string;
  /** `adapter.path` as the suite writes it. */
  readonly given: string;
  /** What it is, e.g. `agents app`, `LangGraph app`. */
  readonly what: string;
}

/**
 * Imports `specifier` as the app module itself would import it: resolved from the app's own
 * location with Node's ESM algorithm and the conditions this process uses. A framework's classes
 * are then the app's own — an app with its own copy of the SDK, a symlinked or `file:` install of
 * Baton, all see one copy, and `instanceof` checks inside the SDK hold.
 */
export async function importFromApp<T>(specifier: string, app: AppModule): Promise<T> {
  const url = resolveFromApp(specifier, app);
  try {
    return (await import(url)) as T;
  } catch (error) {
    throw new BatonError(
      'adapter.load',
      `Failed to load ${specifier} for the ${app.what} ${app.given}: ${messageOf(error)}. Reinstall it in the app's project (npm i ${packageOf(specifier)}).`,
    );
  }
}

/** The URL `specifier` resolves to from the app module; a clear error when it cannot. */
export function resolveFromApp(specifier: string, app: AppModule): string {
  try {
    return moduleResolve(specifier, pathToFileURL(app.file), importConditions(), false).href;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const pkg = packageOf(specifier);
    const why =
      code === 'ERR_PACKAGE_PATH_NOT_EXPORTED'
        ? `the ${pkg} the app resolves has no \`${specifier}\` entry (too old?)`
        : code === 'ERR_MODULE_NOT_FOUND'
          ? `the app cannot import it (looked from ${dirname(app.file)} up)`
          : messageOf(error);
    throw new BatonError(
      'adapter.load',
      `Failed to load ${specifier} for the ${app.what} ${app.given}: ${why}. Install it in the app's own project: npm i ${pkg}.`,
    );
  }
}

/** `@scope/name` or `name` of a bare specifier such as `@langchain/core/messages`. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

let conditions: Set<string> | undefined;

/**
 * The export conditions Node's own `import` uses here: `node` and `import`, `module-sync` where
 * Node can require ES modules (20.19+, 22.12+), plus any `--conditions` the process was given.
 */
function importConditions(): Set<string> {
  if (conditions) return conditions;
  const set = new Set(['node', 'import']);
  if ((process.features as { require_module?: boolean }).require_module) set.add('module-sync');
  const args = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const inline = /^(?:--conditions|-C)=(.+)$/.exec(arg)?.[1];
    if (inline) set.add(inline);
    else if ((arg === '--conditions' || arg === '-C') && args[i + 1]) set.add(args[++i] ?? '');
  }
  conditions = set;
  return set;
}
