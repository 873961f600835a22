import type { Matching } from '../checks/match-handoffs.ts';
import type { TargetPair } from './case-run.ts';

export const NONE = 'none';

/**
 * Expected × observed targets of one case: each expectation against what it matched (`none` when
 * missed), each unmatched handoff against `none`, and `none × none` for a case that rightly had
 * no handoff at all.
 */
export function targetPairs(matching: Matching, expectedCount: number): TargetPair[] {
  const pairs: TargetPair[] = matching.matches.map((m) => ({
    expected: m.expected.to,
    observed: m.verdict === 'missed' ? NONE : m.observed.to,
  }));
  for (const u of matching.unmatched) pairs.push({ expected: NONE, observed: u.observed.to });
  if (expectedCount === 0 && matching.unmatched.length === 0) {
    pairs.push({ expected: NONE, observed: NONE });
  }
  return pairs;
}
