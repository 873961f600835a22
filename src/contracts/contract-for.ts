import type { Contract } from './types.ts';

/**
 * The contract of the edge `from → to`: one declared for exactly that sender beats one for any
 * sender (`*`); undefined when neither exists. With duplicates the first wins, and
 * `validateContracts` reports them.
 */
export function contractFor(
  contracts: readonly Contract[],
  from: string,
  to: string,
): Contract | undefined {
  let anySender: Contract | undefined;
  for (const contract of contracts) {
    if (contract.to !== to) continue;
    if (contract.from === from) return contract;
    if (contract.from === '*') anySender ??= contract;
  }
  return anySender;
}

/**
 * Problems in a set of contracts, one sentence each (empty when fine): two contracts for the same
 * edge make the choice between them arbitrary, so the suite must keep one.
 */
export function validateContracts(contracts: readonly Contract[]): string[] {
  const byEdge = new Map<string, Contract[]>();
  for (const contract of contracts) {
    const edge = `${contract.from} → ${contract.to}`;
    byEdge.set(edge, [...(byEdge.get(edge) ?? []), contract]);
  }
  const problems: string[] = [];
  for (const [edge, same] of byEdge) {
    if (same.length < 2) continue;
    const names = same.map((c) => `\`${c.name}\``);
    problems.push(
      `${same.length} contracts for the edge ${edge}: ${names.slice(0, -1).join(', ')} and ${names.at(-1)}`,
    );
  }
  return problems;
}
