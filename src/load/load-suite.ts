import type { FileProblem } from '../errors.ts';
import type { Suite } from '../model/suite.ts';
import { fastSuiteInput } from '../model/suite-input-fast.ts';
import { checkedSuite } from './checked-suite.ts';
import { readUserFile } from './files.ts';
import type { LoadResult } from './load-result.ts';
import { suiteSay } from './wording.ts';
import { parseYamlFast } from './yaml-fast.ts';

/**
 * Reads and validates a suite file; `Suite.file` is absolute, problems name `path` as given. A
 * suite of the usual shape is checked by hand; any other, and every problem, by the schema,
 * which loads only then (`parseSuiteText`).
 */
export async function loadSuiteFile(path: string): Promise<LoadResult<Suite>> {
  const text = await readUserFile(path);
  if (!text.ok) return text;
  const source = parseYamlFast(text.value, path);
  const parsed = source && fastSuiteInput(source.data);
  if (source && parsed) return checkedSuite(parsed, source);
  const { parseSuiteText } = await import('./suite-source.ts');
  return parseSuiteText(text.value, path);
}

/** True for the one problem of a case file loaded as a suite (the CLI words its own fix). */
export function isCaseNotSuite(problem: FileProblem): boolean {
  return problem.message === suiteSay.isCase && problem.path === '';
}
