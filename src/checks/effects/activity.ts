import type { HandoffEvent, Timeline, TimelineEvent } from '../../model/timeline.ts';

/** Names seen doing an agent's work (an agent turn); everyone else handed work counts as a person. */
export function agentsIn(timeline: Timeline): Set<string> {
  const out = new Set<string>();
  for (const e of timeline.events) if (e.kind === 'agent_turn') out.add(e.agent);
  return out;
}

/**
 * Whether `e` shows `who` at work: its agent turn, acknowledgment or rejection, question, effect,
 * claim, handoff or return, a decision it made — or, when `who` is a person, a person step of the case.
 */
export function isActivityOf(e: TimelineEvent, who: string, isPerson: boolean): boolean {
  switch (e.kind) {
    case 'agent_turn':
      return e.agent === who;
    case 'ack':
    case 'reject':
    case 'question':
    case 'return':
      return e.by === who;
    case 'effect':
      return e.agent === who;
    case 'claim':
    case 'release':
      return e.agent === who;
    case 'handoff':
      return e.from === who;
    case 'decision':
      return e.person === who;
    case 'step':
      return isPerson && e.stepKind === 'person';
    case 'request':
    case 'tool_call':
      return e.agent === who;
    case 'halt':
      // The framework stopped the run: nobody did anything.
      return false;
  }
}

/** The index of the first event at or after `at` (events in time order). */
export function firstAtOrAfter(events: readonly TimelineEvent[], at: number): number {
  let lo = 0;
  let hi = events.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((events[mid] as TimelineEvent).at < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Did `agent` commit an effect after handoff `from` and before handoff `until`? */
export function committedBetween(
  timeline: Timeline,
  agent: string,
  from: HandoffEvent,
  until: HandoffEvent,
): boolean {
  return someBetween(timeline, from, until, (e) => isCommitBy(e, agent));
}

/**
 * Did `agent` do the work it was handed between handoff `from` and handoff `until`: commit an
 * effect, or call a tool (a lookup is work too, whatever it found) before handing back? A call
 * decided at once with `until` (one model response that refunds and hands back, its calls side by
 * side) counts, whenever it was carried out: the work was done as the work was handed back.
 */
export function workedBetween(
  timeline: Timeline,
  agent: string,
  from: HandoffEvent,
  until: HandoffEvent,
): boolean {
  const work = (e: TimelineEvent) =>
    isCommitBy(e, agent) || (e.kind === 'tool_call' && e.agent === agent);
  const batch = until.sideBySide?.batch;
  return (
    someBetween(
      timeline,
      from,
      until,
      (e) => work(e) && (e.kind !== 'tool_call' || e.at < until.at),
    ) ||
    (batch !== undefined &&
      timeline.events.some((e) => e.sideBySide?.batch === batch && e.at >= from.at && work(e)))
  );
}

function isCommitBy(e: TimelineEvent, agent: string): boolean {
  return e.kind === 'effect' && e.outcome === 'committed' && e.agent === agent;
}

function someBetween(
  timeline: Timeline,
  from: HandoffEvent,
  until: HandoffEvent,
  test: (e: TimelineEvent) => boolean,
): boolean {
  const events = timeline.events;
  for (let i = firstAtOrAfter(events, from.at); i < events.length; i++) {
    const e = events[i] as TimelineEvent;
    if (e.at > until.at) break;
    if (test(e)) return true;
  }
  return false;
}
