import { describe, expect, it } from 'vitest';
import { effect } from './effects/effect-fixtures.ts';
import { hops } from './hops.ts';
import { expect_, handoff, labels, timeline } from './timeline-fixtures.ts';

describe('hops', () => {
  it('flags the first handoff over the cap and names the path', () => {
    const t = timeline(handoff('a', 'b', 0), handoff('b', 'c', 1), handoff('c', 'd', 2));
    expect(hops.run(t, labels([], 2), {})).toMatchObject([
      {
        code: 'handoff.hops_exceeded',
        step: 2,
        expected: { maxHops: 2 },
        observed: { hops: 3, path: ['a', 'b', 'c', 'd'] },
      },
    ]);
  });

  it('counts no hop for finished work coming back, labelled or not; a bare return is one', () => {
    const refunded = effect('refund', 'A-1', 'refunds', 0, { at: 150 });
    const out = { ...handoff('orchestrator', 'refunds', 0), at: 100 };
    const back = { ...handoff('refunds', 'orchestrator', 0), at: 200 };
    expect(hops.run(timeline(out, refunded, back), labels([], 1), {})).toEqual([]);
    const labelled = labels(
      [expect_('orchestrator', 'refunds', 0), expect_('refunds', 'orchestrator', 0)],
      1,
    );
    expect(hops.run(timeline(out, refunded, back), labelled, {})).toEqual([]);
    expect(hops.run(timeline(out, back), labels([], 1), {})).toMatchObject([
      { observed: { hops: 2 } },
    ]);
  });

  it('uses the suite default only when the case sets no cap', () => {
    const t = timeline(handoff('a', 'b', 0), handoff('b', 'c', 1));
    expect(hops.run(t, labels([]), { maxHops: 1 })).toHaveLength(1);
    expect(hops.run(t, labels([], 5), { maxHops: 1 })).toEqual([]);
  });
});
