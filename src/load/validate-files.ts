import { basename, dirname } from 'node:path';
import { type FileProblem, formatProblem } from '../errors.ts';
import type { Suite } from '../model/suite.ts';
import { caseFileReader } from './case-reader.ts';
import { caseSources, isJsonLines } from './case-stream.ts';
import { casesOfBytes, casesOfText } from './cases-of-text.ts';
import { DEFAULT_VALIDATE_PATHS } from './default-paths.ts';
import { documentKind } from './document-kind.ts';
import { decodedText } from './files.ts';
import { findYamlFiles } from './find-yaml-files.ts';
import { caseFromSource } from './load-case.ts';
import { type CaseCache, checkedCases, checkSuiteCases } from './load-suite-cases.ts';
import type { Loaded } from './loaded.ts';
import { mapBounded } from './map-bounded.ts';
import { suiteFromSource } from './suite-source.ts';
import { withTraceFileProblems } from './trace-file-problems.ts';
import { fileSay } from './wording.ts';
import { splitYamlStream } from './yaml-stream.ts';

export { DEFAULT_VALIDATE_PATHS };

/**
 * One checked file: a case or a suite, and its problems (none when it is valid). A path that
 * does not exist is `missing`: a problem, but no file that was checked.
 */
export interface ValidatedFile {
  readonly file: string;
  readonly kind: 'case' | 'suite' | 'missing';
  readonly problems: FileProblem[];
}

/**
 * Checks case and suite files (folders: every .yaml/.yml/.jsonl below). A document whose keys
 * are a suite's (see `documentKind`) is a suite; its cases are checked too, and ids must be
 * unique within it.
 */
export async function validateFiles(paths: readonly string[]): Promise<ValidatedFile[]> {
  const { files, missing } = await findYamlFiles(
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
      const loaded = withTraceFileProblems(casesOfBytes(bytes.value, file, new Map()));
      // One document that is no valid case may be a suite with its `adapter` misspelt.
      if (!failsAlone(file, loaded)) {
        cache.set(file, Promise.resolve(checkedCases(loaded)));
        return { entry: caseEntry(file, loaded) };
      }
    }
    const text = decodedText(file, bytes.value);
    if (!text.ok) return { entry: { file, kind: guessKind(file), problems: text.problems } };
    return validateText(file, text.value);
  });
  const results = new Map<string, ValidatedFile>(missing.map((file) => [file, missingFile(file)]));
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
 * A file that holds the word `adapter` may be a suite (a suite names its adapter at the top
 * level); every other file is checked as cases first, as a run checks them.
 */
function mayBeSuite(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(ADAPTER) !== -1;
}

/** One YAML document that failed as a case: read again to tell whether it was meant as a suite. */
function failsAlone(file: string, loaded: readonly Loaded[]): boolean {
  return loaded.length === 1 && loaded[0]?.result.ok === false && !isJsonLines(file);
}

function missingFile(file: string): ValidatedFile {
  const problem = { file, path: '', message: fileSay.notFound, fix: fileSay.notFoundFix };
  return { file, kind: 'missing', problems: [problem] };
}

function caseEntry(file: string, loaded: readonly Loaded[]): ValidatedFile {
  const problems = loaded.flatMap(({ result }) => (result.ok ? [] : result.problems));
  return { file, kind: 'case', problems };
}

/** A file that may be a suite: a suite when its one document's keys are a suite's. */
function validateText(file: string, text: string): { entry: ValidatedFile; suite?: Suite } {
  // A JSON-lines file or a YAML stream holds cases, never a suite: read as a suite reads them.
  if (isJsonLines(file) || (splitYamlStream(text)?.length ?? 0) > 1)
    return { entry: caseEntry(file, withTraceFileProblems(casesOfText(text, file))) };
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
  if (documentKind(source.value.data) === 'suite') {
    const suite = suiteFromSource(source.value);
    if (!suite.ok) return { entry: { file, kind: 'suite', problems: suite.problems } };
    return { entry: { file, kind: 'suite', problems: [] }, suite: suite.value };
  }
  const [checked] = withTraceFileProblems([{ result: caseFromSource(source.value) }]);
  const result = checked?.result;
  return { entry: { file, kind: 'case', problems: result && !result.ok ? result.problems : [] } };
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
