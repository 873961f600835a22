import { describe, expect, it } from 'vitest';
import { hops } from './hops.ts';
import { handoff, labels, timeline } from './timeline-fixtures.ts';

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

  it('uses the suite default only when the case sets no cap', () => {
    const t = timeline(handoff('a', 'b', 0), handoff('b', 'c', 1));
    expect(hops.run(t, labels([]), { maxHops: 1 })).toHaveLength(1);
    expect(hops.run(t, labels([], 5), { maxHops: 1 })).toEqual([]);
  });
});
