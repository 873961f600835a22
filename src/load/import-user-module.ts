import { register } from 'node:module';
import { pathToFileURL } from 'node:url';

const TYPESCRIPT_FILE = /\.[cm]?tsx?$/;
// Set by whoever registered a TypeScript loader in this process (Baton's own, or bin/baton.mjs).
const LOADER = Symbol.for('baton-handoffs.typescript-loader');
type Flags = Record<symbol, unknown>;

/** A user's TypeScript module could not be loaded because no TypeScript loader is available. */
export class TypeScriptLoaderError extends Error {
  override readonly name = 'TypeScriptLoaderError';
}

let registering: Promise<void> | undefined;

/**
 * Imports a module the user's suite names. A TypeScript file first registers tsx (once, and only
 * then, so runs of JavaScript modules never load it). TypeScript outside node_modules loads as
 * an ES module whatever the package's `"type"` says (`.cts` stays CommonJS): in a `commonjs`
 * project it would otherwise `require()` the CommonJS build of a dual package such as
 * @openai/agents while Baton imports its ES build, two copies whose classes fail `instanceof`.
 */
export async function importUserModule(file: string): Promise<Record<string, unknown>> {
  if (TYPESCRIPT_FILE.test(file)) {
    registering ??= registerTypeScript();
    await registering;
  }
  return esModuleOf((await import(pathToFileURL(file).href)) as Record<string, unknown>);
}

async function registerTypeScript(): Promise<void> {
  const flags = globalThis as Flags;
  if (flags[LOADER]) return;
  try {
    const [esm, cjs] = await Promise.all([import('tsx/esm/api'), import('tsx/cjs/api')]);
    esm.register();
    cjs.register();
    register(`data:text/javascript,${encodeURIComponent(AS_ES_MODULE)}`);
    flags[LOADER] = 'tsx';
  } catch (error) {
    // Node 22.18+ strips types itself: without tsx, let it try.
    if ((process.features as { typescript?: unknown }).typescript) return;
    const why = error instanceof Error ? error.message : String(error);
    throw new TypeScriptLoaderError(
      `loading a TypeScript module needs tsx, which failed to load (${why}). Install it with npm i -D tsx, or write the module in JavaScript`,
    );
  }
}

// A resolve hook (it runs before tsx's): TypeScript outside node_modules is an ES module.
const AS_ES_MODULE = `
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  const { pathname, protocol } = new URL(result.url);
  if (protocol === 'file:' && /\\.(ts|mts|tsx)$/.test(pathname) && !pathname.includes('/node_modules/'))
    return { ...result, format: 'module' };
  return result;
}`;

/** A CommonJS module compiled from ESM arrives as `{ default: module.exports }`: unwrap it. */
function esModuleOf(mod: Record<string, unknown>): Record<string, unknown> {
  const inner = mod.default as Record<string, unknown> | undefined;
  if (inner !== null && typeof inner === 'object' && inner.__esModule === true) return inner;
  return mod;
}
