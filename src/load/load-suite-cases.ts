import type { FileProblem } from '../errors.ts';
import { LARGE_RUN } from '../io/collect-garbage.ts';
import type { Suite } from '../model/suite.ts';
import { caseFileReader, type ReadCaseBytes } from './case-reader.ts';
import { withCaseSchema } from './case-schema.ts';
import { casesOfBytes, type Loaded } from './cases-of-text.ts';
import { expandCaseGlobs } from './expand-case-globs.ts';
import { displayPath } from './files.ts';
import { mapBounded } from './map-bounded.ts';
import { CaseArena, type HeldCase, packCase } from './packed-case.ts';
import { withTraceFileProblems } from './trace-file-problems.ts';
import { suiteSay } from './wording.ts';

export { casesOfText, type Loaded } from './cases-of-text.ts';

/** Every case a suite's globs name (before tag filters), with all their problems. */
export interface SuiteCases {
  /** The case files, as displayed in problems (relative to the working folder when inside it). */
  readonly files: string[];
  /** Packed (see `PackedCase`) when the suite names `LARGE_RUN` files or more. */
  readonly cases: HeldCase[];
  readonly problems: FileProblem[];
}

/**
 * What `baton validate` keeps of a case file it has checked: each case's id (for duplicates
 * across the suites that name the file) or its problems. Never the case itself, so checking
 * 100,000 files holds ids, not cases.
 */
export type CheckedCase = Loaded<{ readonly id: string }>;

/** Case files already checked, by display path: `baton validate` checks many suites over them. */
export type CaseCache = Map<string, Promise<readonly CheckedCase[]>>;

/** A file's cases as a cache keeps them (see `CheckedCase`). */
export function checkedCases(loaded: readonly Loaded[]): CheckedCase[] {
  return loaded.map(({ result, idAt }) => {
    const checked = result.ok ? { ok: true as const, value: { id: result.value.id } } : result;
    return idAt === undefined ? { result: checked } : { result: checked, idAt };
  });
}

/** `packFrom`: how many case files make a suite large enough to pack its cases (LARGE_RUN). */
export async function loadSuiteCases(
  suite: Suite,
  packFrom: number = LARGE_RUN,
): Promise<SuiteCases> {
  const { shown, problems, read } = await suiteFiles(suite);
  const shared = new Map<string, string>();
  // A large suite packs each case as its file is checked: its objects are never all alive.
  const arena = shown.length >= packFrom ? new CaseArena() : undefined;
  // Bounded: each file's text and parse tree are dropped once its case is checked.
  const loaded = await mapBounded(shown, async (file) =>
    held(await loadCasesOfFile(file, shared, read), arena),
  );
  const cases = uniqueCases(loaded.flat(), problems);
  return { files: shown, cases, problems };
}

/**
 * The files and problems of a suite's cases, as `loadSuiteCases` finds them, with each file
 * checked once across suites through `cache`; no case is kept.
 */
export async function checkSuiteCases(
  suite: Suite,
  cache: CaseCache,
): Promise<Omit<SuiteCases, 'cases'>> {
  const { shown, problems, read } = await suiteFiles(suite);
  const checked = await mapBounded(shown, (file) => {
    let entry = cache.get(file);
    if (!entry) {
      entry = loadCasesOfFile(file, new Map(), read).then(checkedCases);
      cache.set(file, entry);
    }
    return entry;
  });
  uniqueCases(checked.flat(), problems);
  return { files: shown, problems };
}

/** A suite's case files as problems name them, the problems of its globs, and their reader. */
async function suiteFiles(suite: Suite) {
  const { files, problems, regular } = await expandCaseGlobs(suite);
  const shown = files.map((file) => displayPath(file));
  const read = caseFileReader(new Set(shown.filter((_, i) => regular.has(files[i] as string))));
  return { shown, problems, read };
}

/** The valid cases whose id no earlier case has; every problem, duplicates too, into `problems`. */
function uniqueCases<T extends { readonly id: string }>(
  loaded: readonly Loaded<T>[],
  problems: FileProblem[],
): T[] {
  const cases: T[] = [];
  const firstFile = new Map<string, NonNullable<Loaded['idAt']>>();
  for (const { result, idAt } of loaded) {
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
  return cases;
}

/** A file's loaded cases as the suite holds them: packed into `arena` when there is one. */
function held(list: readonly Loaded[], arena: CaseArena | undefined): readonly Loaded<HeldCase>[] {
  if (arena === undefined) return list;
  return list.map((l) =>
    l.result.ok ? { ...l, result: { ok: true, value: packCase(l.result.value, arena) } } : l,
  );
}

/** The cases of one file: one, or many for a YAML stream or a JSON-lines file. */
export async function loadCasesOfFile(
  file: string,
  shared: Map<string, string> = new Map(),
  read: ReadCaseBytes = caseFileReader(),
): Promise<readonly Loaded[]> {
  const bytes = await read(file);
  if (!bytes.ok) return [{ result: bytes }];
  const { value } = bytes;
  // A file whose cases all have the usual shape is checked without loading the case schema.
  return withTraceFileProblems(await withCaseSchema(() => casesOfBytes(value, file, shared)));
}

function duplicate(id: string, first: string, idAt: NonNullable<Loaded['idAt']>): FileProblem {
  return {
    ...idAt,
    path: 'id',
    message: suiteSay.duplicateId(id, first),
    fix: suiteSay.duplicateIdFix,
  };
}
