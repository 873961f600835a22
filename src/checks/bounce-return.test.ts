import { describe, expect, it } from 'vitest';
import type { ReturnEvent } from '../model/timeline.ts';
import { bounce } from './bounce.ts';
import { handoffTiming } from './handoff-timing.ts';
import { expect_, handoff, labels, timeline } from './timeline-fixtures.ts';

const back = (by: string, to: string, step: number, at: number, of?: string): ReturnEvent => ({
  kind: 'return',
  step,
  at,
  spanId: `r${at}`,
  by,
  to,
  ...(of !== undefined && { of }),
});

const codes = (t: ReturnType<typeof timeline>) => {
  const l = labels([expect_('lead', 'refunds', 0)]);
  return [
    ...handoffTiming.run(t, l, {}).map((f) => f.code),
    ...bounce.run(t, l, {}).map((f) => f.code),
  ];
};

describe('bounce: a delegation that was a call and came back (a return event)', () => {
  const first = handoff('lead', 'refunds', 0, { at: 10, spanId: 'd1' });
  const again = handoff('lead', 'refunds', 0, { at: 50, spanId: 'd2' });

  it('makes the same work sent to the same coworker again ping-pong', () => {
    expect(codes(timeline(first, back('refunds', 'lead', 0, 40, 'd1'), again))).toEqual([
      'handoff.on_time',
      'handoff.bounced',
    ]);
  });

  it('is no bounce without the return, nor when the return answers another call', () => {
    expect(codes(timeline(first, again))).toEqual(['handoff.on_time', 'handoff.unneeded']);
    expect(codes(timeline(first, back('refunds', 'lead', 0, 40, 'q7'), again))).toEqual([
      'handoff.on_time',
      'handoff.unneeded',
    ]);
  });

  it('is new work, not a bounce, when the resend comes with a new step', () => {
    const later = handoff('lead', 'refunds', 1, { at: 150, spanId: 'd3' });
    expect(codes(timeline(first, back('refunds', 'lead', 0, 40, 'd1'), later))).toEqual([
      'handoff.on_time',
      'handoff.unneeded',
    ]);
  });
});
