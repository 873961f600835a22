import type { FindingData } from '../../model/finding.ts';
import { defineCheck } from '../check.ts';
import { type Lease, leasesOf, overlaps } from './leases.ts';

/** Pairs of leases on the same work held by different agents, earlier claim first. */
function rivalPairs(leases: readonly Lease[]): [Lease, Lease][] {
  const pairs: [Lease, Lease][] = [];
  leases.forEach((a, i) => {
    for (const b of leases.slice(i + 1)) {
      if (a.claim.work === b.claim.work && a.claim.agent !== b.claim.agent) pairs.push([a, b]);
    }
  });
  return pairs;
}

/**
 * ownership.double_owner: two agents held granted claims on the same work at the same time. A
 * claim lives from its time until its release by the claimant or its expiry, whichever is first.
 * One finding per work, pair of agents and step of the later claim, so lease renewals within a
 * step do not multiply it. Renewals by the same agent are not rivals.
 */
export const doubleOwner = defineCheck<Record<string, never>>({
  name: 'double-owner',
  opportunities: (timeline) => ({
    'ownership.double_owner': rivalPairs(leasesOf(timeline)).length,
  }),
  run(timeline) {
    const pairs = rivalPairs(leasesOf(timeline));
    // Most cases have no rival claims: nothing to judge.
    if (pairs.length === 0) return [];
    const findings: FindingData[] = [];
    const seen = new Set<string>();
    for (const [first, second] of pairs) {
      if (!overlaps(first, second)) continue;
      const work = first.claim.work;
      const agents = [first.claim.agent, second.claim.agent].sort().join('|');
      const key = `${work}\u0000${agents}\u0000${second.claim.step}`;
      if (seen.has(key)) continue;
      seen.add(key);
      findings.push({
        check: 'double-owner',
        code: 'ownership.double_owner',
        outcome: 'fail',
        step: second.claim.step,
        expected: { work, owners: [first.claim.agent] },
        observed: { work, owners: [first.claim.agent, second.claim.agent] },
        spanIds: [first.claim.spanId, second.claim.spanId],
      });
    }
    return findings;
  },
});
