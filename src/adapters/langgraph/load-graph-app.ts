import { BatonError } from '../../errors.ts';
import { loadUserFactory, messageOf } from '../load-user-factory.ts';
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
export function loadGraphAppFactory(source: AppSource): Promise<GraphAppFactory> {
  return loadUserFactory<GraphAppFactory>({
    ...source,
    what: 'LangGraph app',
    exportName: 'createGraphApp',
    shape: 'defineGraphApp((options, context) => ({ graph, agents }))',
  });
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
  const key = app.activeAgentKey;
  if (key !== undefined && (typeof key !== 'string' || key === '')) {
    throw loadError(
      source,
      `\`activeAgentKey\` is ${key === '' ? 'empty' : describe(key)}. Give the name of a state key.`,
    );
  }
  const approvals = app.approvals;
  if (
    approvals !== undefined &&
    !(typeof approvals === 'string' && approvals !== '') &&
    !(isRecord(approvals) && Object.values(approvals).every((v) => typeof v === 'string' && v))
  ) {
    throw loadError(
      source,
      `\`approvals\` is ${describe(approvals)}. Give the person who approves ('supervisor'), or tool name → person ({ issue_refund: 'supervisor' }).`,
    );
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

export { messageOf };
