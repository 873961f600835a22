import { lastMemo } from '../last-memo.ts';
import type { Labels } from '../model/labelled-case.ts';
import { type HandoffEvent, handoffsOf, type Timeline } from '../model/timeline.ts';
import { type Bounce, findBounces } from './find-bounces.ts';
import { type Matching, matchHandoffs } from './match-handoffs.ts';
import { answersComingBack } from './person-answers.ts';

/** The observed handoffs of a timeline, their alignment with the labels and the bounces. */
export interface HandoffAnalysis {
  readonly observed: readonly HandoffEvent[];
  readonly matching: Matching;
  /** Unclaimed handoffs that are ping-pong (`handoff.bounced`); the rest are `unneeded`. */
  readonly bounces: readonly Bounce[];
  /**
   * Unclaimed handoffs that are an answer coming back (`answersComingBack`: a person's, or the
   * framework's automatic return of a worker): not judged.
   */
  readonly answers: ReadonlySet<number>;
}

// Several checks and the metrics need the same matching; compute it once per timeline.
const analysed = lastMemo((timeline: Timeline) =>
  lastMemo((labels: Labels) => analysis(timeline, labels)),
);

/** Matches once per (timeline, labels); pure: the cache only saves repeated work. */
export function analyseHandoffs(timeline: Timeline, labels: Labels): HandoffAnalysis {
  return analysed(timeline)(labels);
}

function analysis(timeline: Timeline, labels: Labels): HandoffAnalysis {
  const observed = handoffsOf(timeline);
  const matching = matchHandoffs(labels.handoffs, observed);
  const claimed = new Set<number>();
  for (const m of matching.matches) if (m.verdict !== 'missed') claimed.add(m.observedIndex);
  const answers = answersComingBack(timeline, observed, claimed, labels.persons);
  const settled = answers.size === 0 ? claimed : new Set([...claimed, ...answers]);
  return { observed, matching, bounces: findBounces(timeline, observed, settled), answers };
}
