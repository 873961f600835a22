import type { FileProblem } from '../errors.ts';
import type { Case } from '../model/labelled-case.ts';
import type { Suite } from '../model/suite.ts';
import { caseFileReader, type ReadCaseBytes } from './case-reader.ts';
import { casesOfBytes, type Loaded } from './cases-of-text.ts';
import { expandCaseGlobs } from './expand-case-globs.ts';
import { displayPath } from './files.ts';
import { mapBounded } from './map-bounded.ts';
import { suiteSay } from './wording.ts';

export { casesOfText, type Loaded } from './cases-of-text.ts';

/** Every case a suite's globs name (before tag filters), with all their problems. */
export interface SuiteCases {
  /** The case files, as displayed in problems (relative to the working folder when inside it). */
  readonly files: string[];
  readonly cases: Case[];
  readonly problems: FileProblem[];
}

/** Case files already read, by display path: `baton validate` checks many suites over the same cases. */
export type CaseCache = Map<string, Promise<readonly Loaded[]>>;

export async function loadSuiteCases(suite: Suite, cache?: CaseCache): Promise<SuiteCases> {
  const { files, problems, regular } = await expandCaseGlobs(suite);
  const shown = files.map((file) => displayPath(file));
  const shared = new Map<string, string>();
  const read = caseFileReader(new Set(shown.filter((_, i) => regular.has(files[i] as string))));
  const load = (file: string): Promise<readonly Loaded[]> => {
    if (!cache) return loadCasesOfFile(file, shared, read);
    let entry = cache.get(file);
    if (!entry) {
      entry = loadCasesOfFile(file, shared, read);
      cache.set(file, entry);
    }
    return entry;
  };
  // Bounded: each file's text and parse tree are dropped once its case is checked.
  const loaded = await mapBounded(shown, load);
  const cases: Case[] = [];
  const firstFile = new Map<string, NonNullable<Loaded['idAt']>>();
  for (const { result, idAt } of loaded.flat()) {
    if (!result.ok) {
      problems.push(...result.problems);
      continue;
    }
    const other = firstFile.get(result.value.id);
    if (other !== undefined && idAt !== undefined) {
      // Two cases of one file (a stream, JSON lines): say which line holds the first.
      const first = other.file === idAt.file ? `${other.file}:${other.line}` : other.file;
      problems.push(duplicate(result.value.id, first, idAt));
      continue;
    }
    firstFile.set(result.value.id, idAt ?? { file: '', line: 0 });
    cases.push(result.value);
  }
  return { files: shown, cases, problems };
}

/** The cases of one file: one, or many for a YAML stream or a JSON-lines file. */
export async function loadCasesOfFile(
  file: string,
  shared: Map<string, string> = new Map(),
  read: ReadCaseBytes = caseFileReader(),
): Promise<readonly Loaded[]> {
  const bytes = await read(file);
  return bytes.ok ? casesOfBytes(bytes.value, file, shared) : [{ result: bytes }];
}

function duplicate(id: string, first: string, idAt: NonNullable<Loaded['idAt']>): FileProblem {
  return {
    ...idAt,
    path: 'id',
    message: suiteSay.duplicateId(id, first),
    fix: suiteSay.duplicateIdFix,
  };
}
