import { handoffsOf } from '../model/timeline.ts';
import { defineCheck } from './check.ts';

export interface HopsOptions {
  /** Cap for cases whose labels set none; no cap when both are absent. */
  readonly maxHops?: number;
}

/** More handoffs than the case's hop cap: one finding, at the first hop over the cap. */
export const hops = defineCheck<HopsOptions>({
  name: 'hops',
  opportunities: () => ({ 'handoff.hops_exceeded': 1 }),
  run(timeline, labels, options) {
    const cap = labels.maxHops ?? options.maxHops;
    const observed = handoffsOf(timeline);
    if (cap === undefined || observed.length <= cap) return [];
    const over = observed.slice(cap);
    return [
      {
        check: 'hops',
        code: 'handoff.hops_exceeded',
        outcome: 'fail',
        step: over[0]?.step ?? 0,
        expected: { maxHops: cap },
        observed: {
          hops: observed.length,
          path: [observed[0]?.from, ...observed.map((h) => h.to)],
        },
        spanIds: over.map((h) => h.spanId),
      },
    ];
  },
});
