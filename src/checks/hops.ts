import { type HandoffEvent, handoffsOf } from '../model/timeline.ts';
import { defineCheck } from './check.ts';
import { answersComingBack } from './person-answers.ts';

const NONE: ReadonlySet<number> = new Set();

export interface HopsOptions {
  /** Cap for cases whose labels set none; no cap when both are absent. */
  readonly maxHops?: number;
}

/**
 * More handoffs than the case's hop cap: one finding, at the first hop over the cap. An answer
 * coming back (`answersComingBack`: a framework's automatic return, a person's after deciding, a
 * worker's after doing the work) is no hop, like a `return` event, labelled or not.
 */
export const hops = defineCheck<HopsOptions>({
  name: 'hops',
  opportunities: () => ({ 'handoff.hops_exceeded': 1 }),
  run(timeline, labels, options) {
    const cap = labels.maxHops ?? options.maxHops;
    if (cap === undefined) return [];
    const observed = handoffsOf(timeline);
    const answers = answersComingBack(timeline, observed, NONE, labels.persons);
    const counted = observed.filter((_, k) => !answers.has(k));
    if (counted.length <= cap) return [];
    const over = counted.slice(cap);
    return [
      {
        check: 'hops',
        code: 'handoff.hops_exceeded',
        outcome: 'fail',
        step: over[0]?.step ?? 0,
        expected: { maxHops: cap },
        observed: { hops: counted.length, path: pathOf(observed) },
        spanIds: over.map((h) => h.spanId),
      },
    ];
  },
});

/** Who held the work, hop by hop, automatic returns included: the path as it ran. */
function pathOf(observed: readonly HandoffEvent[]) {
  return [observed[0]?.from, ...observed.map((h) => h.to)];
}
