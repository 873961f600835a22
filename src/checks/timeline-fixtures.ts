import type { ExpectedHandoff, Labels } from '../model/labelled-case.ts';
import type { HandoffEvent, Timeline, TimelineEvent } from '../model/timeline.ts';

/** Test helpers: build timelines and labels tersely. Not part of the public API. */
let counter = 0;

export function handoff(
  from: string,
  to: string,
  step: number,
  extra: Partial<HandoffEvent> = {},
): HandoffEvent {
  counter += 1;
  return {
    kind: 'handoff',
    from,
    to,
    step,
    at: step * 100 + counter / 1e6,
    spanId: `s${counter}`,
    ...extra,
  };
}

export function timeline(...events: TimelineEvent[]): Timeline {
  return { events: [...events].sort((a, b) => a.at - b.at) };
}

export function expect_(
  from: string,
  to: string,
  window: number | [number, number],
  extra: Partial<ExpectedHandoff> = {},
): ExpectedHandoff {
  const w: [number, number] = typeof window === 'number' ? [window, window] : window;
  return { from, to, window: w, alternatives: [], carry: {}, ...extra };
}

export function labels(handoffs: ExpectedHandoff[], maxHops?: number): Labels {
  return { handoffs, ...(maxHops !== undefined && { maxHops }) };
}

/** An agent turn from `at` to `end` (milliseconds), at `step`. */
export function turn(agent: string, step: number, at: number, end: number): TimelineEvent {
  counter += 1;
  return { kind: 'agent_turn', agent, step, at, end, spanId: `t${counter}` };
}

/** A receiver's structured rejection of a handoff. */
export function rejection(by: string, from: string, step: number, at: number): TimelineEvent {
  counter += 1;
  return {
    kind: 'reject',
    by,
    from,
    step,
    at,
    spanId: `r${counter}`,
    reason: 'missing_fields',
    missing: [],
  };
}
