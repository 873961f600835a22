import type { FileProblem } from '../errors.ts';
import type { Case } from '../model/labelled-case.ts';
import type { Suite } from '../model/suite.ts';
import { expandCaseGlobs } from './expand-case-globs.ts';
import { displayPath, readUserFile } from './files.ts';
import { caseFromSource } from './load-case.ts';
import type { LoadResult } from './load-result.ts';
import { mapBounded } from './map-bounded.ts';
import { suiteSay } from './wording.ts';
import { type Position, parseYaml } from './yaml-document.ts';

/** Every case a suite's globs name (before tag filters), with all their problems. */
export interface SuiteCases {
  /** The case files, as displayed in problems (relative to the working folder when inside it). */
  readonly files: string[];
  readonly cases: Case[];
  readonly problems: FileProblem[];
}

/** One case read and checked; `idAt` says where its id is written, for a duplicate's problem. */
export interface Loaded {
  readonly result: LoadResult<Case>;
  readonly idAt?: Position & { readonly file: string };
}

/** Case files already read, by display path: `baton validate` checks many suites over the same cases. */
export type CaseCache = Map<string, Promise<Loaded>>;

export async function loadSuiteCases(suite: Suite, cache?: CaseCache): Promise<SuiteCases> {
  const { files, problems } = await expandCaseGlobs(suite);
  const shown = files.map((file) => displayPath(file));
  const load = (file: string): Promise<Loaded> => {
    if (!cache) return loadCase(file);
    let entry = cache.get(file);
    if (!entry) {
      entry = loadCase(file);
      cache.set(file, entry);
    }
    return entry;
  };
  // Bounded: each file's text and parse tree are dropped once its case is checked.
  const loaded = await mapBounded(shown, load);
  const cases: Case[] = [];
  const firstFile = new Map<string, string>();
  for (const { result, idAt } of loaded) {
    if (!result.ok) {
      problems.push(...result.problems);
      continue;
    }
    const other = firstFile.get(result.value.id);
    if (other !== undefined && idAt !== undefined) {
      problems.push(duplicate(result.value.id, other, idAt));
      continue;
    }
    firstFile.set(result.value.id, idAt?.file ?? '');
    cases.push(result.value);
  }
  return { files: shown, cases, problems };
}

async function loadCase(file: string): Promise<Loaded> {
  const text = await readUserFile(file);
  if (!text.ok) return { result: text };
  const source = parseYaml(text.value, file);
  if (!source.ok) return { result: source };
  const idAt = { file, ...source.value.locate(['id']) };
  return { result: caseFromSource(source.value), idAt };
}

function duplicate(id: string, first: string, idAt: Loaded['idAt'] & {}): FileProblem {
  const { file, line, column } = idAt;
  return {
    file,
    line,
    column,
    path: 'id',
    message: suiteSay.duplicateId(id, first),
    fix: suiteSay.duplicateIdFix,
  };
}
