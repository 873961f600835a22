import type { FileProblem } from '../errors.ts';
import type { Case } from '../model/labelled-case.ts';
import type { Suite } from '../model/suite.ts';
import { expandCaseGlobs } from './expand-case-globs.ts';
import { displayPath, readUserFile } from './files.ts';
import { caseFromSource } from './load-case.ts';
import type { LoadResult } from './load-result.ts';
import { suiteSay } from './wording.ts';
import { parseYaml, type YamlSource } from './yaml-document.ts';

/** Every case a suite's globs name (before tag filters), with all their problems. */
export interface SuiteCases {
  /** The case files, as displayed in problems (relative to the working folder when inside it). */
  readonly files: string[];
  readonly cases: Case[];
  readonly problems: FileProblem[];
}

/** One case file read and checked. */
export interface Loaded {
  readonly result: LoadResult<Case>;
  readonly source?: YamlSource;
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
  const loaded = await Promise.all(shown.map(load));
  const cases: Case[] = [];
  const firstFile = new Map<string, string>();
  for (const { result, source } of loaded) {
    if (!result.ok) {
      problems.push(...result.problems);
      continue;
    }
    const other = firstFile.get(result.value.id);
    if (other !== undefined && source !== undefined) {
      problems.push(duplicate(result.value.id, other, source));
      continue;
    }
    firstFile.set(result.value.id, source?.file ?? '');
    cases.push(result.value);
  }
  return { files: shown, cases, problems };
}

async function loadCase(file: string): Promise<Loaded> {
  const text = await readUserFile(file);
  if (!text.ok) return { result: text };
  const source = parseYaml(text.value, file);
  if (!source.ok) return { result: source };
  return { result: caseFromSource(source.value), source: source.value };
}

function duplicate(id: string, first: string, source: YamlSource): FileProblem {
  return {
    file: source.file,
    ...source.locate(['id']),
    path: 'id',
    message: suiteSay.duplicateId(id, first),
    fix: suiteSay.duplicateIdFix,
  };
}
