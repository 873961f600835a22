import type { Contract } from '../contracts/types.ts';
import type { RunWarning } from '../model/report.ts';
import { closestMatch } from './suggest.ts';

/** A contract with where a warning about it points: a file, and a line when one is known. */
export interface PlacedContract {
  readonly contract: Contract;
  readonly file: string;
  /** The lines its sender and receiver are written on (a YAML edge's). */
  readonly lines?: { readonly from?: number; readonly to?: number };
}

/**
 * Contracts that name a sender or receiver no case of the run names, while a case names one
 * close to it (`refnuds` beside `refunds`): the contract is almost surely misspelt, and as it
 * stands no handoff ever reaches its edge, so every envelope on the edge it meant goes
 * unchecked and the run passes. A name with nothing close to it is left alone (a contract
 * module shared with suites whose cases reach other agents). An error under `--strict`.
 * `names` are the agents and persons the run's cases list as participants.
 */
export function contractAgentWarnings(
  contracts: readonly PlacedContract[],
  names: ReadonlySet<string>,
  strict: boolean,
): RunWarning[] {
  if (names.size === 0) return [];
  const known = [...names];
  const warnings: RunWarning[] = [];
  for (const { contract, file, lines } of contracts) {
    const sides = [
      ...(contract.from === '*' ? [] : [['sender', contract.from, lines?.from] as const]),
      ['receiver', contract.to, lines?.to] as const,
    ];
    // A YAML edge without a name is named after its edge: say that once.
    const edge = `${contract.from} → ${contract.to}`;
    const named = contract.name.replace(/\s/g, '') === edge.replace(/\s/g, '');
    const what = named ? `contract ${edge}` : `contract ${contract.name} (${edge})`;
    for (const [side, name, line] of sides) {
      if (names.has(name)) continue;
      const near = closestMatch(name, known);
      if (near === undefined) continue;
      warnings.push({
        code: 'contracts.unknown_agent',
        severity: strict ? 'error' : 'warning',
        file,
        ...(line !== undefined && { line }),
        message: `${what} names the ${side} ${name}, which no case lists among its participants, while ${near} is: no handoff reaches this edge, so its envelopes are never checked`,
        fix: `did you mean ${near}? If the contract is for an agent these cases never reach, ignore this`,
      });
    }
  }
  return warnings;
}

/** The agents and persons the cases list as participants. */
export function participantNames(
  cases: Iterable<{ readonly agents: readonly string[]; readonly persons: readonly string[] }>,
): Set<string> {
  const names = new Set<string>();
  for (const c of cases) {
    for (const a of c.agents) names.add(a);
    for (const p of c.persons) names.add(p);
  }
  return names;
}
