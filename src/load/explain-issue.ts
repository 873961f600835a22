import type { z } from 'zod';
import type { Draft, ExplainContext } from './draft.ts';
import { explainUnion } from './explain-union.ts';
import {
  badFormat,
  custom,
  mismatch,
  notOneOf,
  tooSmallOrBig,
  unknownKey,
} from './issue-drafts.ts';
import type { DataPath } from './load-result.ts';

type Issue = z.core.$ZodIssue;
type Literal = string | number | boolean | null;

/** Turns one zod issue (found under `base`) into what the user needs to read: drafts. */
export function explainIssue(issue: Issue, base: DataPath, ctx: ExplainContext): Draft[] {
  const path = [...base, ...issue.path.map((s) => (typeof s === 'number' ? s : String(s)))];
  switch (issue.code) {
    case 'invalid_type':
      return [mismatch(path, ctx)];
    case 'too_small':
    case 'too_big':
      return [tooSmallOrBig(path, ctx)];
    case 'invalid_format':
      return [badFormat(issue.message, path, ctx)];
    case 'invalid_value':
      return [notOneOf(issue.values as Literal[], path, ctx)];
    case 'unrecognized_keys':
      return issue.keys.map((key) => unknownKey(path, key, ctx));
    case 'invalid_union':
      return explainUnion(issue, path, ctx, explainIssue);
    case 'custom':
      return [custom(issue.message, path, ctx)];
    default:
      return [{ path, message: issue.message, at: 'value' }];
  }
}
