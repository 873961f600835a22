import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
// Only the list: the help text names it, and `baton --help` loads no loader.
import { DEFAULT_VALIDATE_PATHS } from '../load/default-paths.ts';

/** The suites `baton run` looks for when given none: `baton init`'s, then the repository's own. */
export const DEFAULT_SUITES: readonly string[] = ['baton/suite.yaml', 'suites/example.yaml'];

/** How the help text names the default. */
export const DEFAULT_SUITE = DEFAULT_SUITES.join(' or ');

/** The folders `baton validate` checks when given no paths, beside the default suite. */
export const DEFAULT_VALIDATE_FOLDERS: readonly string[] = DEFAULT_VALIDATE_PATHS;

/** How the help text names validate's default. */
export const DEFAULT_VALIDATE = `${DEFAULT_SUITE} as baton run picks it, with its cases, and the ${DEFAULT_VALIDATE_FOLDERS.map((f) => `${f}/`).join(' and ')} folders that exist`;

/**
 * The suite `baton run` runs when given none, as a path from `cwd`: the first of `DEFAULT_SUITES`
 * that exists in `cwd` or in a folder above it, up to the project's (the nearest with a
 * package.json); or, in `baton init`'s own folder, its `suite.yaml`. A run from a subfolder of
 * the project finds the suite a run from its top finds.
 */
export function defaultSuite(cwd: string): string | undefined {
  if (
    existsSync(join(cwd, 'suite.yaml')) &&
    existsSync(join(cwd, '..', DEFAULT_SUITES[0] as string))
  )
    return 'suite.yaml';
  for (const folder of foldersUp(cwd)) {
    const found = DEFAULT_SUITES.find((s) => existsSync(resolve(folder, s)));
    if (found !== undefined) return relative(cwd, resolve(folder, found));
  }
  return undefined;
}

/** `cwd`, then each folder above it up to the nearest holding a package.json (or the root). */
function* foldersUp(cwd: string): Generator<string> {
  for (let folder = resolve(cwd); ; folder = dirname(folder)) {
    yield folder;
    if (existsSync(join(folder, 'package.json')) || dirname(folder) === folder) return;
  }
}

/** The nearest folder above `cwd` (not `cwd` itself) that holds a package.json, if any. */
export function projectAbove(cwd: string): string | undefined {
  for (const folder of foldersUp(dirname(resolve(cwd))))
    if (existsSync(join(folder, 'package.json'))) return folder;
  return undefined;
}

/**
 * What `baton validate` checks when given no paths: what `baton run` would run (the default
 * suite, whose cases a suite's check includes), and the case and suite folders that exist.
 */
export function defaultValidatePaths(cwd: string): string[] {
  const suite = defaultSuite(cwd);
  const folders = DEFAULT_VALIDATE_FOLDERS.filter((f) => existsSync(resolve(cwd, f)));
  return [...(suite === undefined ? [] : [suite]), ...folders];
}
