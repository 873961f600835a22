import type { FindingData } from '../model/finding.ts';
import type { HandoffEvent } from '../model/timeline.ts';
import { defineCheck } from './check.ts';
import type { Bounce } from './find-bounces.ts';
import { analyseHandoffs } from './handoff-analysis.ts';

/**
 * Ping-pong: a handoff the labels do not expect that returns work to its sender (A → B → A), or
 * sends work again to a receiver it just came back from (A → B, back to A, A → B). One finding per
 * such handoff, at its step; the timing check then does not also call it unneeded.
 */
export const bounce = defineCheck<Record<string, never>>({
  name: 'bounce',
  opportunities: (timeline, labels) => ({
    'handoff.bounced': analyseHandoffs(timeline, labels).observed.length,
  }),
  run(timeline, labels) {
    const { observed, bounces } = analyseHandoffs(timeline, labels);
    return bounces.map((b) => toFinding(b, observed));
  },
});

function toFinding(b: Bounce, observed: readonly HandoffEvent[]): FindingData {
  const h = observed[b.observedIndex] as HandoffEvent;
  const first = observed[b.kind === 'return' ? b.outbound : b.previous] as HandoffEvent;
  const base = { check: 'bounce', code: 'handoff.bounced', outcome: 'fail', step: h.step } as const;
  if (b.kind === 'return') {
    return {
      ...base,
      expected: null,
      observed: { path: [first.from, first.to, h.to], steps: [first.step, h.step] },
      spanIds: [first.spanId, h.spanId],
    };
  }
  return {
    ...base,
    expected: null,
    observed: {
      path: [first.from, first.to, first.from, h.to],
      steps: [first.step, h.step],
      returnedBy: b.returnedBy,
    },
    spanIds: [first.spanId, b.evidence, h.spanId],
  };
}
