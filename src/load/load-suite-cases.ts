import type { FileProblem } from '../errors.ts';
import type { Case } from '../model/labelled-case.ts';
import type { Suite } from '../model/suite.ts';
import { caseFileReader, type ReadCaseText } from './case-reader.ts';
import { caseSources, isOneDocument } from './case-stream.ts';
import { expandCaseGlobs } from './expand-case-globs.ts';
import { displayPath } from './files.ts';
import { internStrings } from './intern.ts';
import { caseFromSource, validCase } from './load-case.ts';
import type { LoadResult } from './load-result.ts';
import { mapBounded } from './map-bounded.ts';
import { suiteSay } from './wording.ts';
import { parseYamlFast } from './yaml-fast.ts';

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
  readonly idAt?: { readonly file: string; readonly line: number; readonly column?: number };
}

/** Case files already read, by display path: `baton validate` checks many suites over the same cases. */
export type CaseCache = Map<string, Promise<readonly Loaded[]>>;

export async function loadSuiteCases(suite: Suite, cache?: CaseCache): Promise<SuiteCases> {
  const { files, problems } = await expandCaseGlobs(suite);
  const shown = files.map((file) => displayPath(file));
  const shared = new Map<string, string>();
  const read = caseFileReader();
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
  read: ReadCaseText = caseFileReader(),
): Promise<readonly Loaded[]> {
  const text = await read(file);
  if (!text.ok) return [{ result: text }];
  const quick = quickCase(text.value, file, shared);
  if (quick !== undefined) return [quick];
  return caseSources(text.value, file).map(({ at, source }) => {
    if (!source.ok) return { result: ofCase(source, at) };
    // A JSON-lines case names its line only: locating the column would parse the line again.
    const { line } = source.value;
    const idAt = { file, ...(line === undefined ? source.value.locate(['id']) : { line }) };
    internStrings(source.value.data, shared);
    return { result: ofCase(caseFromSource(source.value), at), idAt };
  });
}

/**
 * Most case files are one valid case in plain YAML: parsed by the fast parser and checked, it is
 * done. Anything else (undefined) is parsed again by the full parser, whose positions and words
 * the file's problems carry.
 */
function quickCase(text: string, file: string, shared: Map<string, string>): Loaded | undefined {
  if (!isOneDocument(text, file)) return undefined;
  const source = parseYamlFast(text, file);
  if (source === undefined) return undefined;
  internStrings(source.data, shared);
  const loaded = validCase(source);
  return (
    loaded && { result: { ok: true, value: loaded }, idAt: { file, ...source.locate(['id']) } }
  );
}

/** Problems of one case among many name the line it starts on, so each fails on its own. */
function ofCase<T>(result: LoadResult<T>, at: number | undefined): LoadResult<T> {
  if (result.ok || at === undefined) return result;
  return { ok: false, problems: result.problems.map((p) => ({ ...p, caseAt: at })) };
}

function duplicate(id: string, first: string, idAt: NonNullable<Loaded['idAt']>): FileProblem {
  return {
    ...idAt,
    path: 'id',
    message: suiteSay.duplicateId(id, first),
    fix: suiteSay.duplicateIdFix,
  };
}
