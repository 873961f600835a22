import { basename, dirname, resolve } from 'node:path';
import type { FileProblem } from '../errors.ts';
import { displayPath } from '../load/files.ts';
import type { LoadResult } from '../load/load-result.ts';
import { isCaseNotSuite } from '../load/load-suite.ts';
import { caseIdOf, suitesIncluding } from '../load/suites-including.ts';
import type { Suite } from '../model/suite.ts';
import { DEFAULT_SUITES } from './defaults.ts';

/**
 * A case file given to `baton run`: one problem whose fix names a suite that includes it (found
 * in the default suites' folders, beside the case or one folder up; the default suite first),
 * with `--case <its id>`.
 */
export async function caseNotSuiteAdvice(
  loaded: LoadResult<Suite>,
  cwd: string,
): Promise<LoadResult<Suite>> {
  const problem = loaded.ok ? undefined : loaded.problems[0];
  if (loaded.ok || loaded.problems.length !== 1 || !problem || !isCaseNotSuite(problem))
    return loaded;
  const file = resolve(cwd, problem.file);
  const folders = [
    ...DEFAULT_SUITES.map((s) => dirname(resolve(cwd, s))),
    dirname(file),
    dirname(dirname(file)),
  ];
  const defaults = DEFAULT_SUITES.map((s) => resolve(cwd, s));
  const [suite] = (await suitesIncluding(file, folders)).sort(
    (a, b) => rank(a, defaults) - rank(b, defaults),
  );
  const id = suite === undefined ? undefined : await caseIdOf(file);
  return { ok: false, problems: [advised(problem, file, cwd, suite, id)] };
}

/** The default suite first, then suites named so (`claims-suite.yaml`), then the others. */
function rank(suite: string, defaults: readonly string[]): number {
  if (defaults.includes(suite)) return 0;
  return /suite/i.test(basename(suite)) ? 1 : 2;
}

function advised(
  problem: FileProblem,
  file: string,
  cwd: string,
  suite: string | undefined,
  id: string | undefined,
): FileProblem {
  if (suite === undefined)
    return {
      ...problem,
      fix: `pass the suite that includes it (baton run <suite>), or check it with baton validate ${displayPath(file, cwd)}`,
    };
  const only = id === undefined ? '' : ` --case ${id}`;
  return {
    ...problem,
    fix: `run it through the suite that includes it: baton run ${displayPath(suite, cwd)}${only}`,
  };
}
