import { describe, expect, it } from 'vitest';
import { fanOutOrder } from './fan-out-order.ts';
import { expect_, handoff } from './timeline-fixtures.ts';

/** A handoff made in fan-out `g`: side by side with the others of it. */
const side = (from: string, to: string, step: number, g = 'g') =>
  handoff(from, to, step, { fanOut: g });

describe('fanOutOrder', () => {
  const fanOut = [expect_('triage', 'billing', 2), expect_('triage', 'refunds', 2)];

  it('puts labels of one window in the order a fan-out made their handoffs', () => {
    const observed = [side('triage', 'refunds', 2), side('triage', 'billing', 2)];

    expect(fanOutOrder(fanOut, observed)).toEqual([1, 0]);
    expect(fanOutOrder(fanOut, [...observed].reverse())).toEqual([0, 1]);
  });

  it('keeps the label order for handoffs made one after another, also within one step', () => {
    const observed = [handoff('triage', 'refunds', 2), handoff('triage', 'billing', 2)];

    expect(fanOutOrder(fanOut, observed)).toEqual([0, 1]);
  });

  it('keeps the label order when the handoffs in the window come from two fan-outs', () => {
    const observed = [side('triage', 'refunds', 2, 'one'), side('triage', 'billing', 2, 'two')];

    expect(fanOutOrder(fanOut, observed)).toEqual([0, 1]);
  });

  it('orders a fan-out made too early by its handoffs too', () => {
    const observed = [side('triage', 'refunds', 0), side('triage', 'billing', 0)];

    expect(fanOutOrder(fanOut, observed)).toEqual([1, 0]);
  });

  it('puts labels without a handoff last, by receiver, whatever the order they were written in', () => {
    const labels = [
      expect_('triage', 'shipping', 2),
      expect_('triage', 'billing', 2),
      expect_('triage', 'refunds', 2),
    ];

    expect(fanOutOrder(labels, [side('triage', 'refunds', 2)])).toEqual([2, 1, 0]);
  });

  it('never moves a label past one of another window', () => {
    const labels = [expect_('triage', 'billing', 1), expect_('triage', 'refunds', 2)];
    const observed = [side('triage', 'refunds', 2), side('triage', 'billing', 2)];

    expect(fanOutOrder(labels, observed)).toEqual([0, 1]);
  });

  it('gives each of two labels to the same receiver its own handoff, in label order', () => {
    const twice = [expect_('a', 'b', 0), expect_('a', 'b', 0)];

    expect(fanOutOrder(twice, [side('a', 'b', 0), side('a', 'b', 0)])).toEqual([0, 1]);
  });
});
