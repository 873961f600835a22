import type { FindingData } from '../../model/finding.ts';
import type { EffectPrerequisite, ExpectedEffect } from '../../model/labelled-case.ts';
import type { EffectEvent, TimelineEvent } from '../../model/timeline.ts';
import { defineCheck } from '../check.ts';
import { unordered } from '../instants.ts';
import { expectedEffects, identity } from './ledger.ts';

/**
 * What a labelled effect must come after, for labels with `after:`: each of its first `times`
 * commits that came before one of its prerequisites (a handoff, or another committed effect) is
 * effect.out_of_order, whatever the steps: a merge in the same step as the review that should
 * come before it, but ahead of it, is out of order. Commits past `times` are effect-count's.
 */
export const effectOrder = defineCheck<Record<string, never>>({
  name: 'effect-order',
  opportunities(_timeline, labels) {
    let n = 0;
    for (const x of expectedEffects(labels).values()) if (x.after) n += x.times;
    return { 'effect.out_of_order': n };
  },
  run(timeline, labels) {
    const expected = expectedEffects(labels);
    if (expected.size === 0) return [];
    const ordered = [...expected.values()].filter((x) => x.after !== undefined);
    if (ordered.length === 0) return [];
    const findings: FindingData[] = [];
    for (const x of ordered) {
      const id = identity(x.effect, x.key);
      let judged = 0;
      for (let i = 0; i < timeline.events.length && judged < x.times; i++) {
        const e = timeline.events[i] as TimelineEvent;
        if (e.kind !== 'effect' || e.outcome !== 'committed' || identity(e.effect, e.key) !== id)
          continue;
        judged += 1;
        const finding = judge(x, e, i, timeline.events);
        if (finding) findings.push(finding);
      }
    }
    return findings;
  },
});

/** How a prerequisite reads in a finding: `a → b` for a handoff, `effect key` for an effect. */
export function prerequisiteText(p: EffectPrerequisite): string {
  if (p.kind === 'handoff') return `${p.from} → ${p.to}`;
  return p.key === undefined ? p.effect : `${p.effect} ${p.key}`;
}

function matches(p: EffectPrerequisite, e: TimelineEvent, commit: EffectEvent): boolean {
  if (p.kind === 'handoff') return e.kind === 'handoff' && e.from === p.from && e.to === p.to;
  if (e.kind !== 'effect' || e.outcome !== 'committed' || e === commit) return false;
  return e.effect === p.effect && (p.key === undefined || e.key === p.key);
}

/** The commit at `index` judged against every prerequisite; a finding names those not yet met. */
function judge(
  x: ExpectedEffect,
  commit: EffectEvent,
  index: number,
  events: readonly TimelineEvent[],
): FindingData | undefined {
  const missing: { what: string; step?: number }[] = [];
  const spanIds: string[] = [];
  for (const p of x.after ?? []) {
    let met = false;
    for (let i = 0; i < index && !met; i++) met = matches(p, events[i] as TimelineEvent, commit);
    if (met) continue;
    // Not before it: did it come at all, later?
    let later: TimelineEvent | undefined;
    for (let i = index + 1; i < events.length && later === undefined; i++) {
      const e = events[i] as TimelineEvent;
      if (matches(p, e, commit)) later = e;
    }
    // Listed after it, but the spans cannot tell which came first: no failure on that alone.
    if (later && unordered(later, commit)) continue;
    missing.push({ what: prerequisiteText(p), ...(later && { step: later.step }) });
    if (later) spanIds.push(later.spanId);
  }
  if (missing.length === 0) return undefined;
  return {
    check: 'effect-order',
    code: 'effect.out_of_order',
    outcome: 'fail',
    step: commit.step,
    expected: { effect: x.effect, key: x.key, after: (x.after ?? []).map(prerequisiteText) },
    observed: {
      effect: commit.effect,
      key: commit.key,
      step: commit.step,
      ...(commit.agent !== undefined && { agent: commit.agent }),
      before: missing,
    },
    spanIds: [commit.spanId, ...spanIds],
  };
}
