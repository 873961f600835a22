import type { FindingData } from '../../model/finding.ts';
import { defineCheck } from '../check.ts';
import { agentsOf, expectedEffects, identity, ledger } from './ledger.ts';

/**
 * The side-effect ledger's counts. effect.forbidden: an identity labelled `times: 0` (must not
 * happen) committed at all. effect.double: any other identity committed more often than allowed
 * — the label's `times`, else once (an unlabelled identity committed twice is double).
 * effect.missing: a labelled identity committed fewer than `times` times. Only committed effects
 * count.
 */
export const effectCount = defineCheck<Record<string, never>>({
  name: 'effect-count',
  opportunities(timeline, labels) {
    const expected = expectedEffects(labels);
    const entries = ledger(timeline);
    // Nothing labelled, nothing committed: no chance for any of these codes.
    if (expected.size === 0 && entries.length === 0)
      return { 'effect.double': 0, 'effect.forbidden': 0, 'effect.missing': 0 };
    const committed = new Set(entries.map((l) => identity(l.effect, l.key)));
    const forbidden = [...expected].filter(([, x]) => x.times === 0).map(([id]) => id);
    for (const id of forbidden) committed.delete(id);
    return {
      'effect.double': committed.size,
      'effect.forbidden': forbidden.length,
      'effect.missing': [...expected.values()].filter((x) => x.times > 0).length,
    };
  },
  run(timeline, labels) {
    const expected = expectedEffects(labels);
    const entries = ledger(timeline);
    const findings: FindingData[] = [];
    for (const { effect, key, commits } of entries) {
      const allowed = expected.get(identity(effect, key))?.times ?? 1;
      const over = commits[allowed];
      if (over === undefined) continue;
      const unsure = commits.filter((c) => c.unsure).length;
      findings.push({
        check: 'effect-count',
        code: allowed === 0 ? 'effect.forbidden' : 'effect.double',
        outcome: 'fail',
        step: over.step,
        expected: { effect, key, times: allowed },
        observed: {
          effect,
          key,
          times: commits.length,
          agents: agentsOf(commits),
          ...(unsure > 0 && { unsure }),
        },
        spanIds: commits.map((c) => c.spanId),
      });
    }
    for (const [id, x] of expected) {
      const commits = entries.find((l) => identity(l.effect, l.key) === id)?.commits ?? [];
      if (commits.length >= x.times) continue;
      const last = commits.at(-1);
      // The same effect committed under keys no label names: a misspelt key label, most likely.
      const unlabelled =
        commits.length > 0
          ? []
          : entries
              .filter((l) => l.effect === x.effect && !expected.has(identity(l.effect, l.key)))
              .map((l) => l.key);
      findings.push({
        check: 'effect-count',
        code: 'effect.missing',
        outcome: 'fail',
        ...(last !== undefined && { step: last.step }),
        expected: { effect: x.effect, key: x.key, times: x.times },
        observed: {
          effect: x.effect,
          key: x.key,
          times: commits.length,
          agents: agentsOf(commits),
          ...(unlabelled.length > 0 && { unlabelledKeys: unlabelled }),
        },
        spanIds: commits.map((c) => c.spanId),
      });
    }
    return findings;
  },
});
