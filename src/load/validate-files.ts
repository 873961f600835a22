import { basename, dirname } from 'node:path';
import { type FileProblem, formatProblem } from '../errors.ts';
import type { Suite } from '../model/suite.ts';
import { caseFileReader } from './case-reader.ts';
import { caseSources, isJsonLines } from './case-stream.ts';
import { casesOfBytes, casesOfText } from './cases-of-text.ts';
import { decodedText } from './files.ts';
import { findYamlFiles } from './find-yaml-files.ts';
import { caseFromSource } from './load-case.ts';
import { suiteFromSource } from './load-suite.ts';
import { type CaseCache, checkedCases, checkSuiteCases } from './load-suite-cases.ts';
import type { Loaded } from './loaded.ts';
import { mapBounded } from './map-bounded.ts';
import { isRecord } from './schema-at-path.ts';
import { splitYamlStream } from './yaml-stream.ts';

/** What `baton validate` checks when given no paths. */
export const DEFAULT_VALIDATE_PATHS: readonly string[] = ['cases', 'suites'];

/** One checked file: a case or a suite, and its problems (none when it is valid). */
export interface ValidatedFile {
  readonly file: string;
  readonly kind: 'case' | 'suite';
  readonly problems: FileProblem[];
}

/**
 * Checks case and suite files (folders: every .yaml/.yml/.jsonl below). A file with a top-level
 * `adapter` key is a suite; its cases are checked too, and ids must be unique within it.
 */
export async function validateFiles(paths: readonly string[]): Promise<ValidatedFile[]> {
  const files = await findYamlFiles(
    paths.length > 0 ? paths : DEFAULT_VALIDATE_PATHS,
    paths.length > 0,
  );
  // Case files are read and parsed as a run reads them (in line, the fast parser first), once:
  // the suites below take their cases from this cache instead of parsing them again.
  const cache: CaseCache = new Map();
  const read = caseFileReader();
  const checked = await mapBounded(files, async (file) => {
    const bytes = await read(file);
    if (!bytes.ok) return { entry: { file, kind: guessKind(file), problems: bytes.problems } };
    if (!mayBeSuite(bytes.value)) {
      // Nothing of a checked case is kept, so no strings are pooled across files.
      const loaded = casesOfBytes(bytes.value, file, new Map());
      cache.set(file, Promise.resolve(checkedCases(loaded)));
      return { entry: caseEntry(file, loaded) };
    }
    const text = decodedText(file, bytes.value);
    if (!text.ok) return { entry: { file, kind: guessKind(file), problems: text.problems } };
    return validateText(file, text.value);
  });
  const results = new Map<string, ValidatedFile>();
  const suites: Suite[] = [];
  for (const { entry, suite } of checked) {
    results.set(entry.file, entry);
    if (suite !== undefined) suites.push(suite);
  }
  const seen = new Map<string, Set<string>>();
  for (const suite of suites) {
    const { files: caseFiles, problems } = await checkSuiteCases(suite, cache);
    for (const file of caseFiles) {
      if (!results.has(file)) results.set(file, { file, kind: 'case', problems: [] });
    }
    for (const problem of problems) addOnce(results, problem, seen);
  }
  return [...results.values()];
}

const ADAPTER = Buffer.from('adapter');

/**
 * Only a file that holds the word `adapter` can be a suite (a suite names its adapter at the
 * top level); every other file is cases, checked as a run checks them.
 */
function mayBeSuite(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(ADAPTER) !== -1;
}

function caseEntry(file: string, loaded: readonly Loaded[]): ValidatedFile {
  const problems = loaded.flatMap(({ result }) => (result.ok ? [] : result.problems));
  return { file, kind: 'case', problems };
}

/** A file that may be a suite: a suite when its one document has a top-level `adapter`. */
function validateText(file: string, text: string): { entry: ValidatedFile; suite?: Suite } {
  // A JSON-lines file or a YAML stream holds cases, never a suite: read as a suite reads them.
  if (isJsonLines(file) || (splitYamlStream(text)?.length ?? 0) > 1)
    return { entry: caseEntry(file, casesOfText(text, file)) };
  const sources = caseSources(text, file);
  if (sources.length !== 1) {
    const problems = sources.flatMap(({ source }) => {
      const result = source.ok ? caseFromSource(source.value) : source;
      return result.ok ? [] : result.problems;
    });
    return { entry: { file, kind: 'case', problems } };
  }
  const source = sources[0]?.source;
  if (source === undefined) return { entry: { file, kind: 'case', problems: [] } };
  if (!source.ok) return { entry: { file, kind: guessKind(file), problems: source.problems } };
  if (isRecord(source.value.data) && 'adapter' in source.value.data) {
    const suite = suiteFromSource(source.value);
    if (!suite.ok) return { entry: { file, kind: 'suite', problems: suite.problems } };
    return { entry: { file, kind: 'suite', problems: [] }, suite: suite.value };
  }
  const result = caseFromSource(source.value);
  return { entry: { file, kind: 'case', problems: result.ok ? [] : result.problems } };
}

/** For files that cannot be read or parsed: judge by the name or the folder (`suites/`). */
function guessKind(file: string): 'case' | 'suite' {
  return /suite/i.test(basename(file)) || basename(dirname(file)) === 'suites' ? 'suite' : 'case';
}

function addOnce(
  results: Map<string, ValidatedFile>,
  problem: FileProblem,
  seen: Map<string, Set<string>>,
): void {
  const entry = results.get(problem.file);
  if (entry === undefined) {
    results.set(problem.file, { file: problem.file, kind: 'case', problems: [problem] });
    return;
  }
  // A set per file: a case with thousands of problems is named by hundreds of suites.
  let known = seen.get(problem.file);
  if (!known) {
    known = new Set(entry.problems.map(formatProblem));
    seen.set(problem.file, known);
  }
  const text = formatProblem(problem);
  if (known.has(text)) return;
  known.add(text);
  entry.problems.push(problem);
}
