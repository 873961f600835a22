import type { FindingData } from '../../model/finding.ts';
import { defineCheck } from '../check.ts';
import { committedEffects, expectedEffects, ownerOf } from './ledger.ts';

/**
 * effect.unowned: a committed effect whose agent is not its owner — the label's owner, else the
 * owner its span declared. An effect whose agent Baton cannot tell counts as unowned: nothing
 * shows the owner did it. Effects with no known owner are not judged.
 */
export const effectOwner = defineCheck<Record<string, never>>({
  name: 'effect-owner',
  opportunities(timeline, labels) {
    const expected = expectedEffects(labels);
    const judged = committedEffects(timeline).filter((e) => ownerOf(e, expected) !== undefined);
    return { 'effect.unowned': judged.length };
  },
  run(timeline, labels) {
    const expected = expectedEffects(labels);
    const findings: FindingData[] = [];
    for (const e of committedEffects(timeline)) {
      const owner = ownerOf(e, expected);
      if (owner === undefined || e.agent === owner) continue;
      findings.push({
        check: 'effect-owner',
        code: 'effect.unowned',
        outcome: 'fail',
        step: e.step,
        expected: { effect: e.effect, key: e.key, owner },
        observed: {
          effect: e.effect,
          key: e.key,
          ...(e.agent !== undefined && { agent: e.agent }),
        },
        spanIds: [e.spanId],
      });
    }
    return findings;
  },
});
