import { describe, expect, it } from 'vitest';
import { claim, handoff, release, timeline, turn } from './effects/effect-fixtures.ts';
import { ownershipTimeline, tenureAt, timelineEnd } from './ownership-timeline.ts';

const owners = (t: ReturnType<typeof timeline>, work?: string) =>
  ownershipTimeline(t, work).map((x) => [x.owner ?? null, x.cause]);

describe('ownershipTimeline', () => {
  it('starts with the entry agent and follows handoffs', () => {
    const t = timeline(
      turn('triage', 0),
      handoff('triage', 'refunds', 1),
      handoff('refunds', 'sup', 2),
    );
    expect(owners(t)).toEqual([
      ['triage', 'entry'],
      ['refunds', 'handoff'],
      ['sup', 'handoff'],
    ]);
    const tenures = ownershipTimeline(t);
    expect(tenures[0]?.start).toBe(t.events[0]?.at);
    expect(tenures.at(-1)?.end).toBe(Number.POSITIVE_INFINITY);
    expect(tenureAt(tenures, 150)?.owner).toBe('refunds');
  });

  it('takes the entry from the first handoff sender when no agent turn comes first', () => {
    expect(owners(timeline(handoff('triage', 'refunds', 1)))[0]).toEqual(['triage', 'entry']);
  });

  it('a granted claim makes the claimant owner until its release', () => {
    const t = timeline(
      turn('triage', 0),
      claim('T-1', 'refunds', 1),
      claim('T-1', 'billing', 1, { granted: false }),
      release('T-1', 'billing', 2),
      release('T-1', 'refunds', 3),
    );
    expect(owners(t)).toEqual([
      ['triage', 'entry'],
      ['refunds', 'claim'],
      [null, 'release'],
    ]);
    expect(ownershipTimeline(t).at(-1)).toMatchObject({ step: 3, from: 'refunds' });
  });

  it('a lease lapses at its expiry, also after the last event', () => {
    const lapsed = timeline(turn('a', 0), claim('T-1', 'a', 1, { expiresAt: 120 }), turn('a', 2));
    expect(ownershipTimeline(lapsed).at(-1)).toMatchObject({
      cause: 'expiry',
      start: 120,
      from: 'a',
      step: 1,
    });
    const held = timeline(turn('a', 0), claim('T-1', 'a', 1, { expiresAt: 10_000 }), turn('a', 2));
    expect(ownershipTimeline(held).at(-1)?.owner).toBe('a');
  });

  it('ignores claims on other work when asked about one piece of work', () => {
    const t = timeline(turn('a', 0), claim('T-2', 'b', 1));
    expect(owners(t, 'T-1')).toEqual([['a', 'entry']]);
    expect(owners(t)).toEqual([
      ['a', 'entry'],
      ['b', 'claim'],
    ]);
  });

  it('has no tenure for an empty timeline, whose end is -Infinity', () => {
    expect(ownershipTimeline(timeline())).toEqual([]);
    expect(timelineEnd(timeline())).toBe(Number.NEGATIVE_INFINITY);
  });
});
