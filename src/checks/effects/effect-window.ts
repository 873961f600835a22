import type { FindingData } from '../../model/finding.ts';
import type { ExpectedEffect } from '../../model/labelled-case.ts';
import type { EffectEvent } from '../../model/timeline.ts';
import { defineCheck } from '../check.ts';
import { expectedEffects, identity, ledger } from './ledger.ts';

/**
 * When a labelled effect happened, for labels with `at` or `window`: each of its first `times`
 * commits outside the window is effect.early (before it, distance < 0) or effect.late (after it,
 * distance > 0), the distance in steps as for handoffs. Commits past `times` are effect-count's
 * (double); a label without a window says nothing about when.
 */
export const effectWindow = defineCheck<Record<string, never>>({
  name: 'effect-window',
  opportunities(_timeline, labels) {
    let n = 0;
    for (const x of expectedEffects(labels).values()) if (x.window) n += x.times;
    return { 'effect.early': n, 'effect.late': n };
  },
  run(timeline, labels) {
    const expected = expectedEffects(labels);
    // Only labels with a window are judged here: most cases have none.
    if (expected.size === 0) return [];
    const commitsById = new Map(
      ledger(timeline).map((l) => [identity(l.effect, l.key), l.commits]),
    );
    const findings: FindingData[] = [];
    for (const [id, x] of expected) {
      if (!x.window) continue;
      for (const commit of (commitsById.get(id) ?? []).slice(0, x.times)) {
        const finding = judge(x, x.window, commit);
        if (finding) findings.push(finding);
      }
    }
    return findings;
  },
});

function judge(
  x: ExpectedEffect,
  [first, last]: readonly [number, number],
  commit: EffectEvent,
): FindingData | undefined {
  const distance =
    commit.step < first ? commit.step - first : commit.step > last ? commit.step - last : 0;
  if (distance === 0) return undefined;
  return {
    check: 'effect-window',
    code: distance < 0 ? 'effect.early' : 'effect.late',
    outcome: 'fail',
    step: commit.step,
    distance,
    expected: { effect: x.effect, key: x.key, window: [first, last] },
    observed: {
      effect: commit.effect,
      key: commit.key,
      step: commit.step,
      ...(commit.agent !== undefined && { agent: commit.agent }),
    },
    spanIds: [commit.spanId],
  };
}
