import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
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

/** The suite `baton run` runs when given none: the first of `DEFAULT_SUITES` that exists. */
export function defaultSuite(cwd: string): string | undefined {
  return DEFAULT_SUITES.find((s) => existsSync(resolve(cwd, s)));
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
