import type { z } from 'zod';
import type { FileProblem } from '../errors.ts';
import { dropCascades, place } from './draft.ts';
import { explainIssue } from './explain-issue.ts';
import type { JsonSchema } from './json-schemas.ts';
import type { YamlSource } from './yaml-document.ts';

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
  const drafts = issues.flatMap((issue) => explainIssue(issue, [], ctx));
  return sortByPosition(dropCascades(drafts).map((draft) => place(draft, source)));
}

/** Problems in reading order, so the first one printed is the first one in the file. */
export function sortByPosition(problems: FileProblem[]): FileProblem[] {
  return problems.sort(
    (a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0),
  );
}
