import type { FileProblem } from '../errors.ts';

/** What every loader returns: the value, or every problem found in the user's file. Never throws. */
export type LoadResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly problems: FileProblem[] };

/** A path into a YAML document, as zod and `resolveCase` report it. */
export type DataPath = readonly (string | number)[];

/** Renders a data path the way users read it: `steps[2].signal.confidence`. */
export function formatPath(path: DataPath): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}
