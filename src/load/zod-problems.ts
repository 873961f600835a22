import type { z } from 'zod';
import type { FileProblem } from '../errors.ts';
import { dropCascades, place } from './draft.ts';
import { explainIssue } from './explain-issue.ts';
import type { JsonSchema } from './json-schemas.ts';
import { sortByPosition } from './problem-order.ts';
import type { YamlSource } from './yaml-document.ts';

export { sortByPosition } from './problem-order.ts';

/**
 * Turns zod's issues for a YAML file into problems a user can act on: positioned at the value
 * (or the key, for unknown keys), saying what was expected and received, with a fix.
 */
export function zodProblems(
  issues: readonly z.core.$ZodIssue[],
  source: YamlSource,
  root: JsonSchema,
): FileProblem[] {
  const ctx = { root, data: source.data };
  // Explaining an issue costs a schema walk and a did-you-mean search: a file with thousands
  // of wrong keys is explained only as far as anyone will read.
  const drafts = issues
    .slice(0, MAX_PROBLEMS_PER_FILE * 4)
    .flatMap((issue) => explainIssue(issue, [], ctx));
  const placed = sortByPosition(dropCascades(drafts).map((draft) => place(draft, source)));
  const unexplained = Math.max(0, issues.length - MAX_PROBLEMS_PER_FILE * 4);
  return capped(placed, source.file, unexplained);
}

/** Problems listed per file; past this, one line says how many more there are and where. */
export const MAX_PROBLEMS_PER_FILE = 25;

function capped(problems: FileProblem[], file: string, unexplained: number): FileProblem[] {
  if (problems.length <= MAX_PROBLEMS_PER_FILE && unexplained === 0) return problems;
  const next = problems[MAX_PROBLEMS_PER_FILE] ?? problems.at(-1);
  const more = Math.max(0, problems.length - MAX_PROBLEMS_PER_FILE) + unexplained;
  return [
    ...problems.slice(0, MAX_PROBLEMS_PER_FILE),
    {
      file,
      ...(next?.line !== undefined && { line: next.line }),
      ...(next?.column !== undefined && { column: next.column }),
      path: '',
      message: `and ${more} more problem(s) from here on, not listed`,
      fix: 'fix the problems above, then run baton validate again to see the rest',
    },
  ];
}
