import { dirname } from 'node:path';
import { glob } from 'tinyglobby';
import type { FileProblem } from '../errors.ts';
import type { Suite } from '../model/suite.ts';
import { displayPath, locateInFile } from './files.ts';
import { suiteSay } from './wording.ts';

/** The case files a suite names: absolute paths, sorted, each once. */
export interface CaseFiles {
  readonly files: string[];
  readonly problems: FileProblem[];
}

/** Expands `cases.include` (relative to the suite's folder) minus `cases.exclude`. */
export async function expandCaseGlobs(suite: Suite): Promise<CaseFiles> {
  const cwd = dirname(suite.file);
  const { include, exclude } = suite.config.cases;
  const found = new Set<string>();
  const problems: FileProblem[] = [];
  for (const [index, pattern] of include.entries()) {
    const files = await glob(pattern, { cwd, absolute: true, onlyFiles: true, ignore: exclude });
    if (files.length === 0) problems.push(await noMatch(suite, index, pattern, exclude.length > 0));
    for (const file of files) found.add(file);
  }
  return { files: [...found].sort(), problems };
}

async function noMatch(
  suite: Suite,
  index: number,
  pattern: string,
  excluding: boolean,
): Promise<FileProblem> {
  const path = ['cases', 'include', index];
  return {
    file: displayPath(suite.file),
    ...(await locateInFile(suite.file, path)),
    path: `cases.include[${index}]`,
    message: suiteSay.noMatch(pattern, excluding),
    fix: suiteSay.noMatchFix(displayPath(dirname(suite.file))),
  };
}
