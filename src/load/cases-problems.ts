import type { FileProblem } from '../errors.ts';
import type { ParsedSuite } from '../model/suite.ts';
import { place } from './draft.ts';
import type { YamlSource } from './yaml-document.ts';

const LIST_FIX =
  'list the case files, e.g. `cases: { include: [cases/*.yaml] }` (only a suite with a `shadow:` block, which baton shadow reads without cases, may leave them out)';

/**
 * A suite lists its cases, except one with a `shadow:` block: baton shadow replays live
 * conversations and reads no case, so such a suite may leave out `cases:` or list none.
 */
export function casesProblems(config: ParsedSuite, source: YamlSource): FileProblem[] {
  if (config.shadow) return [];
  if (!config.cases)
    return [
      place(
        {
          path: ['cases'],
          at: 'value',
          message: 'missing `cases`: expected a mapping with `include`',
          fix: LIST_FIX,
        },
        source,
      ),
    ];
  if (config.cases.include.length > 0) return [];
  return [
    place(
      {
        path: ['cases', 'include'],
        at: 'value',
        message: 'expected a list of at least 1 glob, received an empty list',
        fix: LIST_FIX,
      },
      source,
    ),
  ];
}
