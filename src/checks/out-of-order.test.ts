import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { FindingData } from '../model/finding.ts';
import { describeFinding } from './describe-finding.ts';
import { handoffTiming } from './handoff-timing.ts';
import { matchHandoffs } from './match-handoffs.ts';
import { outOfOrder } from './out-of-order.ts';
import { expect_, handoff, labels, timeline } from './timeline-fixtures.ts';

const failing = (found: FindingData[]) =>
  found.filter((f) => f.outcome === 'fail').map((f) => `${f.code}@${f.step}`);

/** Whether the positions left after removing `blamed` are increasing. */
function increasingWithout(positions: readonly (number | undefined)[], blamed: Set<number>) {
  const kept = positions.filter((p, k) => p !== undefined && !blamed.has(k)) as number[];
  return kept.every((p, i) => i === 0 || p > (kept[i - 1] as number));
}

describe('outOfOrder', () => {
  it('blames the fewest labels, keeping those listed first', () => {
    expect([...outOfOrder([1, 0])]).toEqual([1]);
    expect([...outOfOrder([0, 1, 2])]).toEqual([]);
    expect([...outOfOrder([2, 0, 1])]).toEqual([0]);
    expect([...outOfOrder([1, undefined, 0])]).toEqual([2]);
  });

  test.prop([
    fc.uniqueArray(fc.nat(20), { maxLength: 8 }),
    fc.array(fc.boolean(), { maxLength: 8 }),
  ])(
    'what is left is in time order, and no smaller set of labels leaves it so (brute force)',
    (distinct, holes) => {
      const positions = distinct.map((p, k) => (holes[k] ? undefined : p));
      const blamed = outOfOrder(positions);
      expect(increasingWithout(positions, blamed)).toBe(true);
      for (const k of blamed) expect(positions[k]).toBeDefined();
      // Every smaller subset of the paired labels leaves something out of order.
      const paired = positions.flatMap((p, k) => (p === undefined ? [] : [k]));
      for (let mask = 0; mask < 1 << paired.length; mask++) {
        const subset = new Set(paired.filter((_, i) => mask & (1 << i)));
        if (subset.size < blamed.size) expect(increasingWithout(positions, subset)).toBe(false);
      }
    },
  );
});

describe('matchHandoffs: handoffs made in one window in another order than labelled', () => {
  it('pairs each with its receiver, and calls the one out of the label order out_of_order', () => {
    const deployed = handoff('reviewer', 'deployer', 1);
    const sentBack = handoff('reviewer', 'coder', 1);
    // Labelled: back to the coder, then to the deployer; it deployed first.
    const expected = [expect_('reviewer', 'coder', 1), expect_('reviewer', 'deployer', 1)];
    const m = matchHandoffs(expected, [deployed, sentBack]);

    expect(m.unmatched).toEqual([]);
    expect(
      m.matches.map((x) => (x.verdict === 'missed' ? 'missed' : `${x.verdict}:${x.observed.to}`)),
    ).toEqual(['on_time:coder', 'out_of_order:deployer']);
  });

  it('names the handoff it came before, and the run fails on the order alone', () => {
    const t = timeline(handoff('triage', 'billing', 1), handoff('triage', 'refunds', 1));
    const l = labels([expect_('triage', 'refunds', 1), expect_('triage', 'billing', 1)]);
    const found = handoffTiming.run(t, l, {});

    expect(failing(found)).toEqual(['handoff.out_of_order@1']);
    const [finding] = found.filter((f) => f.outcome === 'fail');
    expect(describeFinding(finding!)).toBe(
      'triage → billing at step 1 came before triage → refunds, which is labelled first (handoffs made one after another must come in label order)',
    );
  });

  it('keeps a late handoff late, and blames the order only of one inside its window', () => {
    const early = handoff('triage', 'billing', 1);
    const late = handoff('triage', 'refunds', 2);
    const m = matchHandoffs(
      [expect_('triage', 'refunds', 1), expect_('triage', 'billing', 1)],
      [early, late],
    );
    expect(m.matches.map((x) => x.verdict)).toEqual(['late', 'out_of_order']);
  });

  it('takes a marked fan-out in the order it ran: nothing is out of order', () => {
    const l = [expect_('triage', 'refunds', 1), expect_('triage', 'billing', 1)];
    const observed = [
      handoff('triage', 'billing', 1, { fanOut: 'f' }),
      handoff('triage', 'refunds', 1, { fanOut: 'f' }),
    ];
    expect(matchHandoffs(l, observed).matches.map((x) => x.verdict)).toEqual([
      'on_time',
      'on_time',
    ]);
  });

  test.prop([
    fc.uniqueArray(fc.constantFrom('b', 'c', 'd', 'e'), { minLength: 1, maxLength: 4 }),
    fc.nat(),
    fc.nat(3),
  ])(
    'handoffs to every labelled receiver in one window, in any order: each paired with its own',
    (receivers, seed, step) => {
      const made = fc.sample(fc.shuffledSubarray(receivers, { minLength: receivers.length }), {
        seed,
        numRuns: 1,
      })[0] as string[];
      const m = matchHandoffs(
        receivers.map((to) => expect_('a', to, step)),
        made.map((to) => handoff('a', to, step)),
      );
      expect(m.unmatched).toEqual([]);
      const blamed = new Set<number>();
      for (const x of m.matches) {
        expect(x.verdict === 'on_time' || x.verdict === 'out_of_order').toBe(true);
        if (x.verdict === 'missed') continue;
        expect(x.observed.to).toBe(x.expected.to);
        if (x.verdict === 'out_of_order') blamed.add(x.expectedIndex);
      }
      // As few blamed as leave the rest in the order they were made.
      const positions = receivers.map((to) => made.indexOf(to));
      expect(blamed).toEqual(outOfOrder(positions));
    },
  );
});
