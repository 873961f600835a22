import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { BatonError } from '../../errors.ts';
import type { GraphApp, GraphAppFactory, StreamableGraph } from './graph-app.ts';
import { isRecord } from './transfer-calls.ts';

export interface AppSource {
  /** The module's absolute path. */
  readonly file: string;
  /** `adapter.path` as the suite writes it. */
  readonly given: string;
  /** The suite file as shown to the user. */
  readonly suite: string;
}

/** Imports the module a `langgraph` suite names and returns its factory. */
export async function loadGraphAppFactory(source: AppSource): Promise<GraphAppFactory> {
  if (!existsSync(source.file)) {
    throw loadError(
      source,
      `no file at ${source.file}. Fix adapter.path in ${source.suite} (it is relative to the suite file).`,
    );
  }
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(source.file).href)) as Record<string, unknown>;
  } catch (error) {
    throw loadError(source, `${messageOf(error)}. Fix the module, then run again.`);
  }
  const factory = mod.default ?? mod.createGraphApp;
  if (typeof factory !== 'function') {
    throw loadError(
      source,
      'it exports no factory. Export `default` or `createGraphApp` as defineGraphApp((options, context) => ({ graph, agents })).',
    );
  }
  return factory as GraphAppFactory;
}

/** Checks what a factory returned, so a wrong shape fails before the first case, by name. */
export function checkGraphApp(app: unknown, source: AppSource): GraphApp {
  if (!isRecord(app)) {
    throw loadError(source, `its factory returned ${describe(app)}, not { graph, agents }.`);
  }
  const hasGraph = app.graph !== undefined;
  const hasStart = typeof app.startCase === 'function';
  if (hasGraph === hasStart) {
    throw loadError(
      source,
      hasGraph
        ? 'its app has both `graph` and `startCase`. Keep one: `graph` for a graph all cases share, `startCase` for a graph per case.'
        : 'its app has no `graph` and no `startCase`. Return { graph: builder.compile(), agents: [...] }.',
    );
  }
  if (hasGraph) checkGraph(app.graph, `${source.given}: graph`);
  for (const key of ['agents', 'persons'] as const) {
    const names = app[key];
    if (names !== undefined && !isNameList(names)) {
      throw loadError(source, `\`${key}\` is ${describe(names)}. Give a list of node names.`);
    }
  }
  return app as GraphApp;
}

/** Throws when `graph` is not a compiled graph; the builder (`createSwarm(...)`) is the usual slip. */
export function checkGraph(graph: unknown, where: string): asserts graph is StreamableGraph {
  if (isRecord(graph) && typeof graph.stream === 'function') return;
  const builder = isRecord(graph) && typeof graph.compile === 'function';
  throw new BatonError(
    'adapter.load',
    builder
      ? `Failed to use ${where}: it is a graph builder, not a compiled graph. Return builder.compile().`
      : `Failed to use ${where}: it is ${describe(graph)}, not a compiled LangGraph graph with stream().`,
  );
}

function isNameList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

function loadError(source: AppSource, why: string): BatonError {
  return new BatonError('adapter.load', `Failed to load the LangGraph app ${source.given}: ${why}`);
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
