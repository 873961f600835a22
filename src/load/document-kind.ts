import { CaseInput } from '../model/case.ts';
import { SuiteInput } from '../model/suite.ts';
import { isRecord } from './schema-at-path.ts';
import { closestMatch } from './suggest.ts';

/** What a YAML document is meant to be, judged by its top-level keys. */
export type DocumentKind = 'case' | 'suite';

let keys: { readonly suite: readonly string[]; readonly case: readonly string[] } | undefined;

function topLevelKeys(): NonNullable<typeof keys> {
  keys ??= { suite: Object.keys(SuiteInput.shape), case: Object.keys(CaseInput.shape) };
  return keys;
}

/**
 * Whether a document is a suite or a case, so its problems are told against the schema it was
 * meant for: each top-level key counts for the schema that alone has it (a whole point), or, when
 * neither has it, for the schema with a key it is a misspelling of (half a point). Keys both
 * schemas have (`$schema`, `faults`) say nothing. A tie goes to the suite when the document names
 * `cases` or `adapter` (no case has them), else to the case.
 */
export function documentKind(data: unknown): DocumentKind {
  if (!isRecord(data)) return 'case';
  const known = topLevelKeys();
  let suite = 0;
  let kase = 0;
  for (const key of Object.keys(data)) {
    const inSuite = known.suite.includes(key);
    const inCase = known.case.includes(key);
    if (inSuite && !inCase) suite += 1;
    else if (inCase && !inSuite) kase += 1;
    else if (!inSuite && !inCase) {
      if (closestMatch(key, known.suite) !== undefined) suite += 0.5;
      if (closestMatch(key, known.case) !== undefined) kase += 0.5;
    }
  }
  if (suite !== kase) return suite > kase ? 'suite' : 'case';
  return 'cases' in data || 'adapter' in data ? 'suite' : 'case';
}
