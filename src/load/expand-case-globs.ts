import { dirname } from 'node:path';
import { glob } from 'tinyglobby';
import type { FileProblem } from '../errors.ts';
import type { Suite } from '../model/suite.ts';
import { displayPath, locateInFile } from './files.ts';
import { listedFiles } from './listed-files.ts';
import { type ReadPolicy, readPolicy } from './read-policy.ts';
import { outsideProject } from './suite-references.ts';
import { suiteSay } from './wording.ts';

/** The case files a suite names: absolute paths, sorted, each once. */
export interface CaseFiles {
  readonly files: string[];
  readonly problems: FileProblem[];
  /** The files a folder listing showed as regular files (not symbolic links). */
  readonly regular: ReadonlySet<string>;
}

/** Expands `cases.include` (relative to the suite's folder) minus `cases.exclude`. */
export async function expandCaseGlobs(suite: Suite): Promise<CaseFiles> {
  const cwd = dirname(suite.file);
  // A suite for baton shadow may list no cases.
  const { include, exclude } = suite.config.cases ?? { include: [], exclude: [] };
  const found = new Set<string>();
  const regular = new Set<string>();
  const problems: FileProblem[] = [];
  const policy = readPolicy(suite.file, suite.config.allow_read);
  for (const [index, pattern] of include.entries()) {
    // The suite itself is never one of its cases (`include: ["*.yaml"]` beside it matches it).
    const files = (
      await glob(pattern, { cwd, absolute: true, onlyFiles: true, ignore: exclude })
    ).filter((file) => file !== suite.file);
    if (files.length === 0) problems.push(await noMatch(suite, index, pattern, exclude.length > 0));
    const listed = listedFiles(files, policy);
    for (const file of listed.inside) found.add(file);
    for (const file of listed.regular) regular.add(file);
    const { outside } = listed;
    if (outside.length > 0) problems.push(await strayed(suite, index, outside, policy));
  }
  return { files: [...found].sort(), problems, regular };
}

/** A glob that reaches files outside the project: named once, the files are not read. */
async function strayed(
  suite: Suite,
  index: number,
  outside: readonly string[],
  policy: ReadPolicy,
): Promise<FileProblem> {
  const { message, fix } = outsideProject('case file', outside[0] ?? '', policy);
  const more = outside.length > 1 ? ` (and ${outside.length - 1} more)` : '';
  return {
    file: displayPath(suite.file),
    ...(await locateInFile(suite.file, ['cases', 'include', index])),
    path: `cases.include[${index}]`,
    message: `${message}${more}`,
    fix,
  };
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
