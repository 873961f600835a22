import type { DataPath } from '../model/data-path.ts';
import type { Case } from '../model/labelled-case.ts';

/** The cases entering at one participant: how many, and the first few ids to name. */
export interface EntryUse {
  readonly count: number;
  readonly ids: readonly string[];
}

/**
 * What an adapter may check at setup about the cases it is about to run, so that a mistake every
 * case would repeat (an agent graph that has none of the names the cases use) is reported once.
 */
export interface SuiteCases {
  /** The first case: an app built for it shows the agent graph the others will get. */
  readonly first: Case;
  /** Each participant the cases enter at. */
  readonly entries: ReadonlyMap<string, EntryUse>;
  /** Every agent the cases name. */
  readonly agents: ReadonlySet<string>;
}

/** What setup knows of the suite file: the cases, and the line a path of the file is on. */
export interface SuiteSetupInfo {
  readonly cases?: SuiteCases;
  readonly lineOf?: (path: DataPath) => number | undefined;
}

const NAMED_IDS = 3;

/** The entries and agents of the cases, read one at a time; undefined for no case. */
export function suiteCases(cases: Iterable<Case>): SuiteCases | undefined {
  let first: Case | undefined;
  const entries = new Map<string, { count: number; ids: string[] }>();
  const agents = new Set<string>();
  for (const c of cases) {
    first ??= c;
    const use = entries.get(c.entry) ?? { count: 0, ids: [] };
    use.count += 1;
    if (use.ids.length < NAMED_IDS) use.ids.push(c.id);
    entries.set(c.entry, use);
    for (const a of c.agents) agents.add(a);
  }
  return first === undefined ? undefined : { first, entries, agents };
}
