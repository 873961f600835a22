import type { Case } from '../model/labelled-case.ts';
import type { LoadResult } from './load-result.ts';

/** One case read and checked; `idAt` says where its id is written, for a duplicate's problem. */
export interface Loaded<T = Case> {
  readonly result: LoadResult<T>;
  readonly idAt?: { readonly file: string; readonly line: number; readonly column?: number };
}

/** Problems of one case among many name the line it starts on, so each fails on its own. */
export function ofCase<T>(result: LoadResult<T>, at: number | undefined): LoadResult<T> {
  if (result.ok || at === undefined) return result;
  return { ok: false, problems: result.problems.map((p) => ({ ...p, caseAt: at })) };
}
