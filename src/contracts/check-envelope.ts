import { formatPath } from '../model/data-path.ts';
import { fieldOwners } from './define-contract.ts';
import { isRecord } from './is-record.ts';
import { expectedOf, receivedOf } from './rules/schema-wording.ts';
import { plural } from './rules/wording.ts';
import type { Contract, ContractIssue, Rule, ValidationContext } from './types.ts';

type Path = readonly (string | number)[];

/** More than this many issues is one broken envelope flooding a report: the rest are counted. */
export const MAX_ISSUES = 50;
const STRUCTURE = 'structure';

/**
 * Everything wrong with an envelope on its contract's edge, as typed data; `[]` when it is valid.
 * Schema issues belong to the rule that owns the field (else `structure`), then each rule's own
 * check runs. Ordered by path, then rule. Never throws, whatever `envelope` is.
 */
export function checkEnvelope(
  contract: Contract,
  envelope: unknown,
  ctx: ValidationContext,
): ContractIssue[] {
  try {
    const issues = [
      ...schemaIssues(contract, envelope),
      ...ruleIssues(contract.rules, envelope, ctx),
    ];
    return capped(issues.sort(compareIssues));
  } catch (error) {
    // A proxy or getter that throws while being read: report it, never crash the run.
    return [
      {
        rule: STRUCTURE,
        path: [],
        expected: 'an envelope that can be read',
        received: `a value that threw: ${errorText(error)}`,
      },
    ];
  }
}

/** `findings[2].at`: a path as people read it. */
export const formatIssuePath: (path: Path) => string = formatPath;

function schemaIssues(contract: Contract, envelope: unknown): ContractIssue[] {
  const result = contract.schema.safeParse(envelope);
  if (result.success) return [];
  const owners = fieldOwners(contract.rules);
  const owner = (path: Path) =>
    (typeof path[0] === 'string' ? owners.get(path[0]) : undefined) ?? STRUCTURE;
  return result.error.issues.flatMap((issue) => {
    const path = issue.path.map((s) => (typeof s === 'number' ? s : String(s)));
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.slice(0, MAX_ISSUES + 1).map((key) => {
        const at = [...path, key];
        return { rule: owner(at), path: at, expected: 'no field', received: `field \`${key}\`` };
      });
    }
    const value = valueAt(envelope, path);
    return [
      {
        rule: owner(path),
        path,
        expected: expectedOf(issue),
        received: receivedOf(issue, value, path.length === 0),
      },
    ];
  });
}

function ruleIssues(
  rules: readonly Rule[],
  envelope: unknown,
  ctx: ValidationContext,
): ContractIssue[] {
  // Rule checks read fields; on anything but an object the schema issue says it all.
  if (!isRecord(envelope)) return [];
  return rules.flatMap((rule) => {
    if (rule.check === undefined) return [];
    try {
      return rule.check(envelope, ctx);
    } catch (error) {
      return [
        {
          rule: rule.code,
          path: [],
          expected: 'a check that runs',
          received: `it threw: ${errorText(error)}`,
        },
      ];
    }
  });
}

function valueAt(root: unknown, path: Path): unknown {
  let value = root;
  for (const segment of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string | number, unknown>)[segment];
  }
  return value;
}

function compareIssues(a: ContractIssue, b: ContractIssue): number {
  return (
    comparePaths(a.path, b.path) ||
    compareText(a.rule, b.rule) ||
    compareText(a.expected, b.expected) ||
    compareText(a.received, b.received)
  );
}

function comparePaths(a: Path, b: Path): number {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    const x = a[i] as string | number;
    const y = b[i] as string | number;
    if (x === y) continue;
    // Indexes sort as numbers and before keys, so findings[2] comes before findings[10].
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    if (typeof x === 'number') return -1;
    if (typeof y === 'number') return 1;
    return compareText(x, y);
  }
  return a.length - b.length;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function capped(issues: ContractIssue[]): ContractIssue[] {
  if (issues.length <= MAX_ISSUES) return issues;
  const rest = issues.length - (MAX_ISSUES - 1);
  const more = {
    rule: STRUCTURE,
    path: [],
    expected: `at most ${MAX_ISSUES} problems listed`,
    received: `${plural(rest, 'more problem')} not listed`,
  };
  return [...issues.slice(0, MAX_ISSUES - 1), more];
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
