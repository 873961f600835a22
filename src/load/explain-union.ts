import type { z } from 'zod';
import { describeReceived } from './describe.ts';
import { type Draft, type ExplainContext, hintFor, valueAt } from './draft.ts';
import { mismatch, notOneOf } from './issue-drafts.ts';
import type { DataPath } from './load-result.ts';
import { allowedKeys, isRecord, schemaAt, unionBranches } from './schema-at-path.ts';
import { closestMatch } from './suggest.ts';
import { say } from './wording.ts';

type Issue = z.core.$ZodIssue;
type UnionIssue = Extract<Issue, { code: 'invalid_union' }>;
type Explain = (issue: Issue, base: DataPath, ctx: ExplainContext) => Draft[];

/**
 * Explains a value that matched no branch of a union, once: through the branch the user evidently
 * meant when there is one, else by what the union's branches have in common.
 */
export function explainUnion(
  issue: UnionIssue,
  path: DataPath,
  ctx: ExplainContext,
  explain: Explain,
): Draft[] {
  if (issue.errors.length === 0) {
    // A discriminated union: zod already points at the discriminator key.
    const options = 'options' in issue ? (issue.options ?? []) : [];
    return [notOneOf(options as (string | number | boolean | null)[], path, ctx)];
  }
  const value = valueAt(ctx.data, path);
  const meant = issue.errors.filter((branch) => !branch.some((i) => isShapeIssue(i, value)));
  if (meant.length === 1) return (meant[0] as Issue[]).flatMap((i) => explain(i, path, ctx));
  if (isRecord(value)) {
    // A mapping whose every key one branch alone allows is meant for it (`{ from }` lacking `to`).
    const fits = issue.errors.filter((branch) => !branch.some(isUnknownKey));
    if (fits.length === 1 && Object.keys(value).length > 0)
      return (fits[0] as Issue[]).flatMap((i) => explain(i, path, ctx));
    const drafts = explainByKeys(path, value, ctx);
    if (drafts !== undefined) return drafts;
  }
  return [misspeltWord(path, value, ctx) ?? mismatch(path, ctx)];
}

/** A word close to one of the union's fixed words (`agent_turn` for `agent_turns`). */
function misspeltWord(path: DataPath, value: unknown, ctx: ExplainContext): Draft | undefined {
  // A place's own wording (`handoffs: none`) says more than a near word.
  if (typeof value !== 'string' || hintFor(path)?.fix !== undefined) return undefined;
  const branches = unionBranches(schemaAt(ctx.root, path, ctx.data) ?? {}) ?? [];
  const words = branches.flatMap((b) => [
    ...(b.enum ?? []),
    ...(b.const === undefined ? [] : [b.const]),
  ]);
  const meant = closestMatch(
    value,
    words.filter((w): w is string => typeof w === 'string'),
  );
  return meant === undefined ? undefined : { ...mismatch(path, ctx), fix: say.didYouMean(meant) };
}

/** A key of the value the branch does not allow. */
function isUnknownKey(issue: Issue): boolean {
  return issue.path.length === 0 && issue.code === 'unrecognized_keys';
}

/** An issue that says "this is not the branch": wrong type here, or a required key missing. */
function isShapeIssue(issue: Issue, value: unknown): boolean {
  if (issue.path.length === 0) return issue.code !== 'unrecognized_keys' && issue.code !== 'custom';
  // A required key that is not there: zod says invalid_value when the key takes fixed words.
  if (issue.path.length !== 1 || (issue.code !== 'invalid_type' && issue.code !== 'invalid_value'))
    return false;
  return !isRecord(value) || value[String(issue.path[0])] === undefined;
}

/** For unions of mappings told apart by which key they have (`customer`, `tool`, …). */
function explainByKeys(
  path: DataPath,
  value: Record<string, unknown>,
  ctx: ExplainContext,
): Draft[] | undefined {
  const schema = schemaAt(ctx.root, path, ctx.data);
  // A mapping can only be meant for the mapping branches (`steps: { attribute }` beside words).
  const branches = schema && unionBranches(schema)?.filter((b) => b.type === 'object');
  if (branches === undefined || branches.length === 0) return undefined;
  const selectors = [...new Set(branches.flatMap((b) => b.required ?? []))];
  if (selectors.length === 0) return undefined;
  const present = Object.keys(value).filter((k) => selectors.includes(k));
  const hint = hintFor(path);
  if (present.length > 1) {
    const message = say.onlyOneOf(selectors, present);
    return [{ path, at: 'value', message, fix: hint?.manyKeys ?? say.keepOne }];
  }
  if (present.length === 1) return undefined;
  const keys = Object.keys(value);
  if (keys.length === 0) {
    const message = say.noneOf(selectors, describeReceived(value));
    return [{ path, at: 'value', message, ...(hint?.fix && { fix: hint.fix }) }];
  }
  const allowed = allowedKeys(schema);
  // Keys every branch allows (a rule's `name`) are not the problem: the selector is missing.
  const odd = keys.filter((k) => !allowed.includes(k) || selectors.includes(k));
  if (odd.length === 0) {
    const message = say.noneOf(selectors, describeReceived(value));
    return [{ path, at: 'value', message, ...(hint?.fix && { fix: hint.fix }) }];
  }
  return odd.map((key) => {
    const meant = closestMatch(key, allowed);
    const message = say.unknownSelector(key, selectors);
    const fix =
      meant === undefined ? (hint?.fix ?? say.removeOrUse(allowed)) : say.didYouMean(meant);
    return { path: [...path, key], at: 'key', message, fix } satisfies Draft;
  });
}
