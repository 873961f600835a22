import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { ExpectedHandoff } from '../model/labelled-case.ts';
import type { HandoffEvent } from '../model/timeline.ts';
import { compareTaken, NOT_TAKEN } from './align-sender.ts';
import {
  type AlignmentCost,
  addCost,
  compareCost,
  fitCost,
  MISSED_COST,
  UNNEEDED_COST,
  ZERO_COST,
} from './alignment-cost.ts';
import { fanOutOrder } from './fan-out-order.ts';
import { judgePair } from './handoff-fit.ts';
import { type HandoffMatch, matchHandoffs } from './match-handoffs.ts';
import { expect_, handoff } from './timeline-fixtures.ts';

/** Each expectation's verdict and the span it took, and the unclaimed spans. */
function summary(expected: ExpectedHandoff[], observed: HandoffEvent[]) {
  const m = matchHandoffs(expected, observed);
  return {
    matches: m.matches.map((x) =>
      x.verdict === 'missed' ? 'missed' : `${x.verdict}:${x.observed.spanId}`,
    ),
    unmatched: m.unmatched.map((u) => u.observed.spanId).sort(),
  };
}

describe('matchHandoffs: the worked examples of docs/verdicts.md', () => {
  it('a bounce before the correct escalation is not blamed: the escalation is on time', () => {
    const bounce = handoff('refunds', 'triage', 1);
    const escalation = handoff('refunds', 'supervisor', 2);
    const m = matchHandoffs([expect_('refunds', 'supervisor', 2)], [bounce, escalation]);
    expect(m.matches).toMatchObject([{ verdict: 'on_time', observed: escalation }]);
    expect(m.unmatched.map((u) => u.observed)).toEqual([bounce]);
  });

  it('a handoff elsewhere before the window is unneeded, and the expectation missed', () => {
    const early = handoff('triage', 'billing', 0);
    const m = matchHandoffs([expect_('triage', 'refunds', 1)], [early]);
    expect(m.matches).toMatchObject([{ verdict: 'missed' }]);
    expect(m.unmatched.map((u) => u.observed)).toEqual([early]);
    expect(m.cost).toMatchObject({ missed: 1, unneeded: 1, wrongTargets: 0 });
  });

  it('a handoff to another receiver inside the window, or one step after it, is wrong_target', () => {
    const l = [expect_('triage', 'refunds', [1, 2])];
    for (const step of [1, 2, 3]) {
      const m = matchHandoffs(l, [handoff('triage', 'billing', step)]);
      expect(m.matches[0]?.verdict, `step ${step}`).toBe('wrong_target');
    }
    expect(matchHandoffs(l, [handoff('triage', 'billing', 4)]).matches[0]?.verdict).toBe('missed');
  });

  it('prefers the right receiver late to another receiver on time', () => {
    const l = [expect_('triage', 'refunds', 1)];
    const m = matchHandoffs(l, [handoff('triage', 'billing', 1), handoff('triage', 'refunds', 3)]);
    expect(m.matches).toMatchObject([{ verdict: 'late', distance: 2 }]);
  });

  it('pairs each expectation with the handoff that fits it, not the first from its sender', () => {
    const l = [expect_('a', 'b', 1), expect_('a', 'b', 5)];
    const m = matchHandoffs(l, [handoff('a', 'b', 5)]);
    expect(m.matches.map((x) => x.verdict)).toEqual(['missed', 'on_time']);
  });

  it('among equally good handoffs, the earliest is the match', () => {
    const first = handoff('a', 'b', 1);
    const m = matchHandoffs([expect_('a', 'b', [1, 3])], [first, handoff('a', 'b', 2)]);
    expect(m.matches).toMatchObject([{ verdict: 'on_time', observed: first }]);
  });

  it('aligns each sender on its own: another sender’s order does not constrain it', () => {
    const l = [expect_('quotes', 'invoicing', 1), expect_('sales', 'quotes', 3)];
    const m = matchHandoffs(l, [handoff('sales', 'quotes', 3), handoff('quotes', 'invoicing', 1)]);
    expect(m.matches.map((x) => x.verdict)).toEqual(['on_time', 'on_time']);
  });
});

// Small worlds, so that runs collide: few senders, targets and steps.
const AGENTS = ['a', 'b', 'c', 'd'] as const;
const expectationArb = fc
  .record({
    from: fc.constantFrom('a', 'b'),
    to: fc.constantFrom(...AGENTS),
    first: fc.nat(5),
    width: fc.nat(2),
    alternatives: fc.subarray([...AGENTS], { maxLength: 1 }),
  })
  .map((e) =>
    expect_(e.from, e.to, [e.first, e.first + e.width], { alternatives: e.alternatives }),
  );
const observedArb = fc
  .array(fc.tuple(fc.constantFrom('a', 'b'), fc.constantFrom(...AGENTS), fc.nat(7)), {
    maxLength: 7,
  })
  .map((raw) => raw.map(([f, t, s]) => handoff(f, t, s)).sort((x, y) => x.at - y.at));

/** Labels as cases write them: each sender's windows follow one another without overlapping. */
const labelsInOrderArb = fc.array(expectationArb, { minLength: 1, maxLength: 4 }).map((list) => {
  const end = new Map<string, number>();
  return list.map((e) => {
    const first = Math.max(e.window[0], (end.get(e.from) ?? -1) + 1);
    const window: [number, number] = [first, first + e.window[1] - e.window[0]];
    end.set(e.from, window[1]);
    return { ...e, window };
  });
});

/** Every order-preserving alignment of one sender, cheapest first (then the tie-break). */
function bruteForce(expected: readonly ExpectedHandoff[], observed: readonly HandoffEvent[]) {
  let best: { taken: number[]; cost: AlignmentCost } | undefined;
  const visit = (i: number, from: number, taken: number[], cost: AlignmentCost) => {
    if (i === expected.length) {
      const pairs = taken.filter((t) => t !== NOT_TAKEN).length;
      const total = addCost(cost, { ...ZERO_COST, unneeded: observed.length - pairs });
      const better =
        !best ||
        compareCost(total, best.cost) < 0 ||
        (compareCost(total, best.cost) === 0 && compareTaken(taken, best.taken) < 0);
      if (better) best = { taken, cost: total };
      return;
    }
    const exp = expected[i] as ExpectedHandoff;
    visit(i + 1, from, [...taken, NOT_TAKEN], addCost(cost, MISSED_COST));
    for (let j = from; j < observed.length; j++) {
      const f = judgePair(exp, observed[j] as HandoffEvent);
      if (f) visit(i + 1, j + 1, [...taken, j], addCost(cost, fitCost(f)));
    }
  };
  visit(0, 0, [], ZERO_COST);
  return best as { taken: number[]; cost: AlignmentCost };
}

describe('matchHandoffs: properties', () => {
  test.prop([fc.array(expectationArb, { maxLength: 4 }), observedArb])(
    'no order-preserving alignment costs less, and ties go the documented way (brute force)',
    (expected, observed) => {
      const m = matchHandoffs(expected, observed);
      let total = ZERO_COST;
      for (const sender of ['a', 'b']) {
        const exp = expected.filter((e) => e.from === sender);
        const obs = observed.filter((o) => o.from === sender);
        // The labels as the alignment takes them: each fan-out in the order the run made it;
        // when that leaves a label unpaired or misrouted, in any order if that pairs better.
        const inOrder = fanOutOrder(exp, obs);
        const labelled = bruteForce(
          inOrder.map((k) => exp[k] as ExpectedHandoff),
          obs,
        );
        const anyOrder = fanOutOrder(exp, obs, true);
        const unordered = bruteForce(
          anyOrder.map((k) => exp[k] as ExpectedHandoff),
          obs,
        );
        const reorder =
          labelled.cost.missed + labelled.cost.wrongTargets > 0 &&
          compareCost(unordered.cost, labelled.cost) < 0;
        const order = reorder ? anyOrder : inOrder;
        const best = reorder ? unordered : labelled;
        total = addCost(total, best.cost);
        const mine = m.matches.filter((x) => x.expected.from === sender);
        const taken = order
          .map((k) => mine[k] as HandoffMatch)
          .map((x) => (x.verdict === 'missed' ? NOT_TAKEN : obs.indexOf(x.observed)));
        expect(taken).toEqual(best.taken);
      }
      expect(m.cost).toEqual(total);
    },
  );

  test.prop([fc.array(expectationArb, { maxLength: 4 }), observedArb])(
    'the reported cost is the cost of the reported pairs',
    (expected, observed) => {
      const m = matchHandoffs(expected, observed);
      let cost = ZERO_COST;
      for (const x of m.matches) {
        const f = x.verdict === 'missed' ? undefined : judgePair(x.expected, x.observed);
        cost = addCost(cost, f ? fitCost(f) : MISSED_COST);
        // Out of order is on time, against the label order.
        if (x.verdict !== 'missed')
          expect(x.verdict === 'out_of_order' ? 'on_time' : x.verdict).toBe(f?.verdict);
      }
      for (const _ of m.unmatched) cost = addCost(cost, UNNEEDED_COST);
      expect(m.cost).toEqual(cost);
    },
  );

  test.prop([
    fc.array(expectationArb, { maxLength: 4 }),
    observedArb,
    fc.constantFrom('a', 'b', 'c', 'd', 'x'),
    fc.nat(7),
    fc.nat(8),
  ])(
    'a handoff from a sender with no expectation never changes any other verdict',
    (expected, observed, to, step, position) => {
      const labelled = expected.filter((e) => e.from === 'a');
      const extra = handoff('z', to, step);
      const withExtra = [...observed];
      withExtra.splice(Math.min(position, observed.length), 0, extra);
      const before = summary(labelled, observed);
      const after = summary(labelled, withExtra);
      expect(after.matches).toEqual(before.matches);
      expect(after.unmatched).toEqual([...before.unmatched, extra.spanId].sort());
    },
  );

  test.prop([fc.array(expectationArb, { maxLength: 4 }), observedArb, fc.nat(7), fc.nat(8)])(
    'an extra handoff that explains no expectation (far from every window) changes nothing else',
    (expected, observed, step, position) => {
      // `x` is no one's target or alternative; it explains an expectation only near a window.
      const extra = handoff('a', 'x', step);
      fc.pre(expected.every((e) => e.from !== 'a' || judgePair(e, extra) === undefined));
      const withExtra = [...observed];
      withExtra.splice(Math.min(position, observed.length), 0, extra);
      const before = summary(expected, observed);
      const after = summary(expected, withExtra);
      expect(after.matches).toEqual(before.matches);
      expect(after.unmatched).toEqual([...before.unmatched, extra.spanId].sort());
    },
  );

  test.prop([
    fc.array(expectationArb, { minLength: 1, maxLength: 4 }),
    observedArb,
    fc.array(fc.tuple(fc.constantFrom('c', 'x'), fc.nat(7)), { minLength: 1, maxLength: 3 }),
  ])(
    'the correct handoff is never called unneeded because bounces preceded it',
    (expected, noise, bounces) => {
      const [target] = expected;
      if (!target) return;
      // The correct handoff: right receiver, inside the window; bounces go to receivers that no
      // expectation of its sender accepts, at or before its step.
      const exp = target;
      fc.pre(expected.every((e) => e.from !== exp.from || !['c', 'x'].includes(e.to)));
      fc.pre(expected.every((e) => e.alternatives.every((alt) => !['c', 'x'].includes(alt))));
      const observed = noise.filter((o) => o.from !== exp.from);
      const correctStep = exp.window[1];
      const extra = bounces.map(([to, s]) => handoff(exp.from, to, Math.min(s, correctStep)));
      const correct = handoff(exp.from, exp.to, correctStep);
      const without = matchHandoffs(expected, [...observed, correct]);
      const withBounces = matchHandoffs(expected, [...observed, ...extra, correct]);
      const verdictOf = (m: typeof without) =>
        m.matches.find((x) => x.verdict !== 'missed' && x.observed === correct)?.verdict;
      expect(verdictOf(without)).toBe('on_time');
      expect(verdictOf(withBounces)).toBe('on_time');
    },
  );

  test.prop([labelsInOrderArb, observedArb, fc.nat(3)])(
    'removing an on-time handoff turns exactly its expectation into missed',
    (expected, observed, pick) => {
      const m = matchHandoffs(expected, observed);
      const onTime = m.matches.filter((x) => x.verdict === 'on_time');
      const chosen = onTime[pick % Math.max(onTime.length, 1)];
      if (!chosen || chosen.verdict === 'missed') return;
      const gone = chosen.observed;
      // Only when nothing else its sender sent could take its place: no other handoff could
      // explain this expectation, none left unpaired could explain any, and no wrong target
      // holds another expectation in place (docs/verdicts.md, "What the properties pin").
      const mine = expected.filter((e) => e.from === gone.from);
      fc.pre(observed.every((o) => o === gone || judgePair(chosen.expected, o) === undefined));
      fc.pre(m.unmatched.every((u) => mine.every((e) => judgePair(e, u.observed) === undefined)));
      fc.pre(m.matches.every((x) => x.expected.from !== gone.from || x.verdict !== 'wrong_target'));
      const after = summary(
        expected,
        observed.filter((o) => o !== gone),
      );
      const before = summary(expected, observed);
      const wanted = [...before.matches];
      wanted[chosen.expectedIndex] = 'missed';
      expect(after.matches).toEqual(wanted);
      expect(after.unmatched).toEqual(before.unmatched);
    },
  );

  test.prop([
    fc.array(expectationArb, { maxLength: 4 }),
    fc.array(fc.tuple(fc.constantFrom('a', 'b'), fc.constantFrom(...AGENTS), fc.nat(3)), {
      maxLength: 7,
    }),
    fc.integer(),
  ])(
    "handoffs at the same time are read in the timeline's order, whatever order the others come in",
    (expected, raw, seed) => {
      // Every handoff of a step at the same instant: the timeline's order is the only order.
      const observed = raw.map(([f, t, s]) => ({ ...handoff(f, t, s), at: s * 100 }));
      const shuffled = fc.sample(fc.shuffledSubarray(observed, { minLength: observed.length }), {
        seed,
        numRuns: 1,
      })[0] as HandoffEvent[];
      // Steps in any order, each step's handoffs in the timeline's order.
      const steps = [...new Set(shuffled.map((o) => o.step))];
      const byStep = steps.flatMap((s) => observed.filter((o) => o.step === s));
      expect(summary(expected, byStep)).toEqual(summary(expected, observed));
    },
  );

  it('takes a fan-out (one sender, one window) in the order the run made it, not the label order', () => {
    const expected = [expect_('a', 'x', 0), expect_('a', 'y', 0)];
    const first = { ...handoff('a', 'x', 0), at: 5, spanId: 'z', fanOut: 'f' };
    const second = { ...handoff('a', 'y', 0), at: 5, spanId: 'a', fanOut: 'f' };

    expect(summary(expected, [first, second]).matches).toEqual(['on_time:z', 'on_time:a']);
    expect(summary(expected, [second, first]).matches).toEqual(['on_time:z', 'on_time:a']);
  });

  it('holds handoffs made one after another in one step to the label order', () => {
    // The reviewer labelled to send the change back first, then to deploy; it deployed first.
    const expected = [expect_('reviewer', 'coder', 1), expect_('reviewer', 'deployer', 1)];
    const deployed = { ...handoff('reviewer', 'deployer', 1), spanId: 'd' };
    const sentBack = { ...handoff('reviewer', 'coder', 1), spanId: 'c' };

    const out = summary(expected, [deployed, sentBack]);

    expect(out.matches).not.toEqual(['on_time:c', 'on_time:d']);
  });

  test.prop([
    fc.array(expectationArb, { maxLength: 2 }),
    fc.array(expectationArb, { maxLength: 2 }),
    fc.constantFrom('a', 'b'),
    fc.uniqueArray(fc.constantFrom(...AGENTS), { minLength: 2, maxLength: 3 }),
    fc.nat(5),
    fc.nat(2),
    observedArb,
    fc.nat(),
  ])(
    'a fan-out the run marks (one sender and window, different receivers) aligns the same in any label order',
    (before, after, from, targets, first, width, observed, seed) => {
      const fanOut = targets.map((to) => expect_(from, to, [first, first + width]));
      // Everything the sender did was one fan-out: made side by side, in no order.
      const made = observed.map((o) => (o.from === from ? { ...o, fanOut: 'f' } : o));
      const shuffled = fc.sample(fc.shuffledSubarray(fanOut, { minLength: fanOut.length }), {
        seed,
        numRuns: 1,
      })[0] as ExpectedHandoff[];
      const verdicts = (labels: readonly ExpectedHandoff[]) =>
        matchHandoffs([...before, ...labels, ...after], made)
          .matches.map((x) => `${x.expected.from}>${x.expected.to}:${x.verdict}`)
          .sort();
      expect(verdicts(shuffled)).toEqual(verdicts(fanOut));
    },
  );
});
