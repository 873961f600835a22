import type { ClaimEvent, Timeline, TimelineEvent } from '../model/timeline.ts';

/**
 * Why a tenure began: the case started, a handoff, a call-like handoff's return, a granted claim,
 * a release, a lapsed lease.
 */
export type TenureCause = 'entry' | 'handoff' | 'return' | 'claim' | 'release' | 'expiry';

/** Who held the work from `start` to `end` (`owner` absent: nobody did). */
export interface Tenure {
  readonly owner?: string;
  readonly start: number;
  /** Infinity: still held when the timeline ends. */
  readonly end: number;
  readonly cause: TenureCause;
  /** The step of the event that began it (for an expiry: of the last event before it). */
  readonly step: number;
  /** The event that began it (for an expiry: the lapsed claim). */
  readonly spanId?: string;
  /** Who let go, for a release or an expiry. */
  readonly from?: string;
}

type Open = Omit<Tenure, 'end'> & { readonly lease?: ClaimEvent };

/**
 * Who owns the work when, from the events alone: the entry agent (the first agent turn or handoff
 * sender) from the start; a handoff passes it to the receiver, and a return from the holder of a
 * call-like handoff (a person's decision came back) back to its sender; a granted claim makes the claimant
 * owner until its release or its lease's expiry. Claims and releases on other work are ignored
 * when `work` is given; handoffs move every piece of work. Pure.
 */
export function ownershipTimeline(timeline: Timeline, work?: string): Tenure[] {
  const events = timeline.events;
  const tenures: Tenure[] = [];
  let open: Open | undefined;
  const begin = (next: Open) => {
    if (open) tenures.push({ ...withoutLease(open), end: next.start });
    open = next;
  };
  const lapse = (at: number, step: number) => {
    const expiresAt = open?.lease?.expiresAt;
    if (!open?.lease || expiresAt === undefined || expiresAt > at) return;
    const start = Math.max(expiresAt, open.start);
    begin({ start, cause: 'expiry', step, spanId: open.lease.spanId, from: open.lease.agent });
  };
  const entry = entryOf(events);
  if (entry) {
    const { owner, event } = entry;
    const start = events[0]?.at ?? event.at;
    open = { owner, start, cause: 'entry', step: event.step, spanId: event.spanId };
  }
  let lastStep = events[0]?.step ?? -1;
  for (const e of events) {
    lapse(e.at, lastStep);
    lastStep = e.step;
    const mine = work === undefined || !('work' in e) || e.work === work;
    const base = { start: e.at, step: e.step, spanId: e.spanId };
    if (e.kind === 'handoff') begin({ ...base, owner: e.to, cause: 'handoff' });
    else if (e.kind === 'return' && open?.owner === e.by) {
      begin({ ...base, owner: e.to, cause: 'return' });
    } else if (e.kind === 'claim' && e.granted && mine) {
      begin({ ...base, owner: e.agent, cause: 'claim', lease: e });
    } else if (e.kind === 'release' && mine && open?.owner === e.agent) {
      begin({ ...base, cause: 'release', from: e.agent });
    }
  }
  lapse(timelineEnd(timeline), lastStep);
  if (open) tenures.push({ ...withoutLease(open), end: Number.POSITIVE_INFINITY });
  return tenures;
}

function entryOf(events: readonly TimelineEvent[]) {
  for (const event of events) {
    if (event.kind === 'agent_turn') return { owner: event.agent, event };
    if (event.kind === 'handoff') return { owner: event.from, event };
  }
  return undefined;
}

function withoutLease(open: Open): Omit<Tenure, 'end'> {
  const { lease: _lease, ...rest } = open;
  return rest;
}

/** The tenure in force at time `at` (the latest one begun at or before it). */
export function tenureAt(tenures: readonly Tenure[], at: number): Tenure | undefined {
  let found: Tenure | undefined;
  for (const t of tenures) if (t.start <= at) found = t;
  return found;
}

/** When the timeline ends: the latest start or end of any event. */
export function timelineEnd(timeline: Timeline): number {
  let end = Number.NEGATIVE_INFINITY;
  for (const e of timeline.events) end = Math.max(end, e.at, endOf(e));
  return end;
}

function endOf(e: TimelineEvent): number {
  return e.kind === 'step' || e.kind === 'agent_turn' ? e.end : e.at;
}
