import type { FileProblem } from '../errors.ts';

/** What every loader returns: the value, or every problem found in the user's file. Never throws. */
export type LoadResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly problems: FileProblem[] };

export { type DataPath, formatPath } from '../model/data-path.ts';
