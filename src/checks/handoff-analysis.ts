import type { Labels } from '../model/labelled-case.ts';
import { type HandoffEvent, handoffsOf, type Timeline } from '../model/timeline.ts';
import { type Matching, matchHandoffs } from './match-handoffs.ts';

/** The observed handoffs of a timeline and their matching against the labels. */
export interface HandoffAnalysis {
  readonly observed: readonly HandoffEvent[];
  readonly matching: Matching;
}

// Several checks and the metrics need the same matching; compute it once per timeline.
const memo = new WeakMap<Timeline, { labels: Labels; analysis: HandoffAnalysis }>();

/** Matches once per (timeline, labels); pure: the cache only saves repeated work. */
export function analyseHandoffs(timeline: Timeline, labels: Labels): HandoffAnalysis {
  const hit = memo.get(timeline);
  if (hit && hit.labels === labels) return hit.analysis;
  const observed = handoffsOf(timeline);
  const analysis = { observed, matching: matchHandoffs(labels.handoffs, observed) };
  memo.set(timeline, { labels, analysis });
  return analysis;
}
