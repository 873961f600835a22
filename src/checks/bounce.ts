import type { FindingData } from '../model/finding.ts';
import { defineCheck } from './check.ts';
import { analyseHandoffs } from './handoff-analysis.ts';

/**
 * Ping-pong: A hands to B, and B's next handoff goes straight back to A, while the labels expect
 * no such return. One finding per return trip, at the step of the return.
 */
export const bounce = defineCheck<Record<string, never>>({
  name: 'bounce',
  opportunities: () => ({ 'handoff.bounced': 1 }),
  run(timeline, labels) {
    const { observed, matching } = analyseHandoffs(timeline, labels);
    const expectedReturns = new Set<number>();
    for (const m of matching.matches) {
      if (m.verdict !== 'missed') expectedReturns.add(m.observedIndex);
    }
    const findings: FindingData[] = [];
    // The next handoff by each sender after i, found in one backward pass (a case may hold
    // 100,000 handoffs: a forward search per handoff would be quadratic).
    const nextBy = new Map<string, number>();
    const nextFrom: (number | undefined)[] = new Array(observed.length);
    for (let i = observed.length - 1; i >= 0; i--) {
      const out = observed[i];
      if (!out) continue;
      nextFrom[i] = nextBy.get(out.to);
      nextBy.set(out.from, i);
    }
    observed.forEach((out, i) => {
      const nextFromReceiver = nextFrom[i] ?? -1;
      const back = observed[nextFromReceiver];
      if (!back || back.to !== out.from || expectedReturns.has(nextFromReceiver)) return;
      findings.push({
        check: 'bounce',
        code: 'handoff.bounced',
        outcome: 'fail',
        step: back.step,
        expected: null,
        observed: { path: [out.from, out.to, back.to], steps: [out.step, back.step] },
        spanIds: [out.spanId, back.spanId],
      });
    });
    return findings;
  },
});
