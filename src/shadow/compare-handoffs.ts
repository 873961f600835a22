import { matchHandoffs } from '../checks/match-handoffs.ts';
import type { TargetPair } from '../metrics/case-run.ts';
import { targetPairs } from '../metrics/targets.ts';
import type { ExpectedHandoff } from '../model/labelled-case.ts';
import { type HandoffEvent, handoffsOf, type Timeline } from '../model/timeline.ts';

/** A handoff as the shadow report shows it. */
export interface HandoffBrief {
  readonly from: string;
  readonly to: string;
  readonly step: number;
  readonly reason?: string;
}

/** One way the candidate's handoffs differ from the live ones. */
export type Difference =
  /** The live system handed off; the candidate made no handoff that corresponds. */
  | { readonly kind: 'missed'; readonly live: HandoffBrief; readonly escalation: boolean }
  /** The candidate handed off where the live system did not. */
  | { readonly kind: 'extra'; readonly candidate: HandoffBrief; readonly escalation: boolean }
  /** Same sender, about the same step, another receiver. */
  | { readonly kind: 'target'; readonly live: HandoffBrief; readonly candidate: HandoffBrief }
  /** Same sender and receiver, another step: `distance` = candidate step − live step. */
  | {
      readonly kind: 'timing';
      readonly live: HandoffBrief;
      readonly candidate: HandoffBrief;
      readonly distance: number;
    }
  /** Same handoff, another reason code (reported, not a disagreement). */
  | { readonly kind: 'reason'; readonly live: HandoffBrief; readonly candidate: HandoffBrief };

/** How one conversation's candidate run compares with what the live system did. */
export interface Comparison {
  /** Same handoffs: same senders, receivers and steps (reasons may differ). */
  readonly agree: boolean;
  readonly live: readonly HandoffBrief[];
  readonly candidate: readonly HandoffBrief[];
  readonly differences: readonly Difference[];
  /** Live × candidate receiver of each paired handoff (`none` for a side without one). */
  readonly targets: readonly TargetPair[];
  /** Live escalations to a person that the candidate would not have made. */
  readonly missedEscalations: number;
  /** Escalations to a person the candidate would have made and the live system did not. */
  readonly extraEscalations: number;
}

/**
 * Compares the candidate's handoffs with the live ones by the alignment Baton judges labels with
 * (docs/verdicts.md), the live handoffs taking the place of the labels: per sender, order kept,
 * each live handoff an expectation at its own step. A pairing to the same receiver at another
 * step is a timing difference; to another receiver, a target difference; the rest are missed
 * (live only) or extra (candidate only).
 */
export function compareHandoffs(
  live: Timeline,
  candidate: Timeline,
  persons: ReadonlySet<string>,
): Comparison {
  const liveHandoffs = handoffsOf(live);
  const expected: ExpectedHandoff[] = liveHandoffs.map((h) => ({
    from: h.from,
    to: h.to,
    window: [h.step, h.step],
    ...(h.reason !== undefined && { reason: h.reason }),
    alternatives: [],
    carry: {},
  }));
  const matching = matchHandoffs(expected, handoffsOf(candidate));
  const differences: Difference[] = [];
  for (const m of matching.matches) {
    const l = brief(liveHandoffs[m.expectedIndex] as HandoffEvent);
    if (m.verdict === 'missed') {
      differences.push({ kind: 'missed', live: l, escalation: persons.has(l.to) });
      continue;
    }
    const c = brief(m.observed);
    if (m.verdict === 'wrong_target') differences.push({ kind: 'target', live: l, candidate: c });
    else if (m.distance !== 0)
      differences.push({ kind: 'timing', live: l, candidate: c, distance: c.step - l.step });
    else if (l.reason !== undefined && c.reason !== undefined && l.reason !== c.reason)
      differences.push({ kind: 'reason', live: l, candidate: c });
  }
  for (const u of matching.unmatched) {
    const c = brief(u.observed);
    differences.push({ kind: 'extra', candidate: c, escalation: persons.has(c.to) });
  }
  return {
    agree: differences.every((d) => d.kind === 'reason'),
    live: liveHandoffs.map(brief),
    candidate: handoffsOf(candidate).map(brief),
    differences,
    targets: targetPairs(matching, expected.length),
    ...escalationCounts(differences, persons),
  };
}

function escalationCounts(differences: readonly Difference[], persons: ReadonlySet<string>) {
  let missedEscalations = 0;
  let extraEscalations = 0;
  for (const d of differences) {
    if (d.kind === 'missed' && d.escalation) missedEscalations++;
    if (d.kind === 'extra' && d.escalation) extraEscalations++;
    if (d.kind === 'target') {
      const was = persons.has(d.live.to);
      const now = persons.has(d.candidate.to);
      if (was && !now) missedEscalations++;
      if (now && !was) extraEscalations++;
    }
  }
  return { missedEscalations, extraEscalations };
}

function brief(h: HandoffEvent): HandoffBrief {
  return {
    from: h.from,
    to: h.to,
    step: h.step,
    ...(h.reason !== undefined && { reason: h.reason }),
  };
}
