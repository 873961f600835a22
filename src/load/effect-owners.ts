import type { DataPath } from '../model/data-path.ts';
import type { RunWarning } from '../model/report.ts';
import type { ParsedSuite } from '../model/suite.ts';
import { closestMatch } from './suggest.ts';

/**
 * The suite's effect owners (of its endpoints and tool rules) that no case of the run lists among
 * its participants, while a case lists one close to it (`refund` beside `refunds`): as it stands,
 * every commit of the effect is `effect.unowned`, or, where a case names its own owner, the
 * suite's is never read. A name with nothing close to it is left to the run's findings. An error
 * under `--strict`. `names` are the agents and persons the run's cases list.
 */
export function effectOwnerWarnings(
  config: ParsedSuite,
  file: string,
  lineOf: ((path: DataPath) => number | undefined) | undefined,
  names: ReadonlySet<string>,
  strict: boolean,
): RunWarning[] {
  if (names.size === 0) return [];
  const known = [...names];
  const owners = [
    ...(config.effects?.endpoints ?? []).map((e, i) => ({
      effect: e.name,
      owner: e.owner,
      path: ['effects', 'endpoints', i, 'owner'],
    })),
    ...(config.effects?.tools ?? []).map((t, i) => ({
      effect: t.effect ?? t.tool,
      owner: t.owner,
      path: ['effects', 'tools', i, 'owner'],
    })),
  ];
  const warnings: RunWarning[] = [];
  for (const { effect, owner, path } of owners) {
    if (owner === undefined || names.has(owner)) continue;
    const near = closestMatch(owner, known);
    if (near === undefined) continue;
    const line = lineOf?.(path);
    warnings.push({
      code: 'effects.unknown_owner',
      severity: strict ? 'error' : 'warning',
      file,
      ...(line !== undefined && { line }),
      message: `the owner of effect ${effect} is ${owner}, which no case lists among its participants, while ${near} is: every commit of ${effect} would be effect.unowned`,
      fix: `did you mean ${near}?`,
    });
  }
  return warnings;
}
