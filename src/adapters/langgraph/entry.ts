import { relative } from 'node:path';
import { BatonError } from '../../errors.ts';
import { filePlace } from '../../model/file-place.ts';
import type { Case } from '../../model/labelled-case.ts';
import { isRecord } from './transfer-calls.ts';

/** How a case that names its `entry` is started there. */
export interface EntryPlan {
  readonly entry: string;
  /** The state key the first input sets to the entry, when the graph's state has it. */
  readonly key?: string;
  /** The key looked for: `activeAgentKey`, else `activeAgent`. */
  readonly wanted: string;
  /** State keys of the graph that look like one naming an agent, for the fix. */
  readonly agentKeys: readonly string[];
}

const START = '__start__';

/**
 * The plan for a case that names its entry, undefined for one that does not (it starts where the
 * graph starts). A graph whose edges from START lead only to other participants cannot start at
 * the entry: that fails before the case runs. Otherwise the first input sets the graph's
 * active-agent key, when its state has one, and `checkEntered` tells after the first turn
 * whether the graph started there.
 */
export function planEntry(
  testCase: Case,
  graph: unknown,
  participants: ReadonlySet<string>,
  wanted: string,
): EntryPlan | undefined {
  if (!testCase.entryGiven) return undefined;
  const entry = testCase.entry;
  const starts = startTargets(graph);
  if (starts?.every((s) => participants.has(s)) && !starts.includes(entry)) {
    const why =
      starts.length === 1
        ? `the graph always starts at ${starts[0]} (its only edge from START)`
        : `the graph starts only at ${starts.join(' or ')} (its edges from START)`;
    throw entryError(testCase, `${why}. Remove \`entry: ${entry}\` from the case`);
  }
  const keys = stateKeys(graph);
  return {
    entry,
    wanted,
    ...(keys.includes(wanted) && { key: wanted }),
    agentKeys: keys.filter((k) => k !== wanted && /agent/i.test(k)),
  };
}

/** The first input with the graph's active-agent key set to the entry. */
export function inputAtEntry(input: unknown, plan: EntryPlan | undefined): unknown {
  if (plan?.key === undefined || !isRecord(input)) return input;
  return { ...input, [plan.key]: plan.entry };
}

/**
 * Throws when the first participant node that ran is not the case's entry; `ownInput` when the
 * app's `input()` builds the inputs (and may have left the key out).
 */
export function checkEntered(
  testCase: Case,
  plan: EntryPlan,
  entered: string,
  ownInput: boolean,
): void {
  if (entered === plan.entry) return;
  const { entry, key, wanted } = plan;
  const remove = `remove \`entry: ${entry}\` from the case`;
  if (key !== undefined) {
    const keep = ownInput ? `, keep turn.defaultInput's ${key} in what input() returns,` : ',';
    throw entryError(
      testCase,
      `Baton set ${key}: ${entry} in its first input, but the graph ran ${entered} first, so its START does not route by ${key}. Route START by state.${key}${keep} or ${remove}`,
    );
  }
  const seen = plan.agentKeys.length > 0 ? ` (its state has ${plan.agentKeys.join(', ')})` : '';
  throw entryError(
    testCase,
    `the graph ran ${entered} first, and its state has no ${wanted} key Baton could set to start it at ${entry}. Set activeAgentKey in the app to the state key START routes by${seen}, or ${remove}`,
  );
}

function entryError(testCase: Case, why: string): BatonError {
  const file = testCase.file && (relative(process.cwd(), testCase.file) || testCase.file);
  const where = file === undefined ? '' : ` (${filePlace(file, testCase.positions?.entry)})`;
  return new BatonError(
    'adapter.run',
    `Failed to start case ${testCase.id} at its entry ${testCase.entry}${where}: ${why}.`,
  );
}

/** Where the graph's edges from START lead (LangGraph's `getGraph()`); undefined when unknown. */
function startTargets(graph: unknown): string[] | undefined {
  if (!isRecord(graph) || typeof graph.getGraph !== 'function') return undefined;
  try {
    const drawn: unknown = graph.getGraph();
    const edges = isRecord(drawn) && Array.isArray(drawn.edges) ? drawn.edges : [];
    const targets = edges.flatMap((e: unknown) =>
      isRecord(e) && e.source === START && typeof e.target === 'string' ? [e.target] : [],
    );
    return targets.length > 0 ? [...new Set(targets)] : undefined;
  } catch {
    return undefined;
  }
}

/** The keys of the graph's state (its channels, less LangGraph's own). */
function stateKeys(graph: unknown): string[] {
  const channels = isRecord(graph) && isRecord(graph.channels) ? graph.channels : {};
  return Object.keys(channels).filter((k) => !k.startsWith('__') && !k.includes(':'));
}
