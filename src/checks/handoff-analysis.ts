import type { Labels } from '../model/labelled-case.ts';
import { type HandoffEvent, handoffsOf, type Timeline } from '../model/timeline.ts';
import { type Bounce, findBounces } from './find-bounces.ts';
import { type Matching, matchHandoffs } from './match-handoffs.ts';

/** The observed handoffs of a timeline, their alignment with the labels and the bounces. */
export interface HandoffAnalysis {
  readonly observed: readonly HandoffEvent[];
  readonly matching: Matching;
  /** Unclaimed handoffs that are ping-pong (`handoff.bounced`); the rest are `unneeded`. */
  readonly bounces: readonly Bounce[];
}

// Several checks and the metrics need the same matching; compute it once per timeline.
const memo = new WeakMap<Timeline, { labels: Labels; analysis: HandoffAnalysis }>();

/** Matches once per (timeline, labels); pure: the cache only saves repeated work. */
export function analyseHandoffs(timeline: Timeline, labels: Labels): HandoffAnalysis {
  const hit = memo.get(timeline);
  if (hit && hit.labels === labels) return hit.analysis;
  const observed = handoffsOf(timeline);
  const matching = matchHandoffs(labels.handoffs, observed);
  const claimed = new Set<number>();
  for (const m of matching.matches) if (m.verdict !== 'missed') claimed.add(m.observedIndex);
  const analysis = { observed, matching, bounces: findBounces(timeline, observed, claimed) };
  memo.set(timeline, { labels, analysis });
  return analysis;
}
