import type { FileProblem } from '../errors.ts';

/** Problems in reading order, so the first one printed is the first one in the file. */
export function sortByPosition(problems: FileProblem[]): FileProblem[] {
  return problems.sort(
    (a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0),
  );
}
