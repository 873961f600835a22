import type { FindingData } from '../../model/finding.ts';
import type { Labels } from '../../model/labelled-case.ts';
import type { EffectEvent, HandoffEvent, Timeline, TimelineEvent } from '../../model/timeline.ts';
import { defineCheck } from '../check.ts';
import { latestStart, unordered } from '../instants.ts';
import { committedEffects } from './ledger.ts';

/**
 * How an agent let go of the work: handed it to `to` (a handoff whose span may last until
 * `until`), or released its claim on `work`.
 */
type LetGo = Pick<TimelineEvent, 'spanId' | 'at' | 'sideBySide'> &
  ({ readonly to: string; readonly until?: number } | { readonly work: string });

/**
 * When effects happen relative to the work changing hands, in one pass over the events.
 * effect.before_ack: an agent committed an effect after work was handed to it and before it
 * accepted (only agents that ever accept are judged; a repeat delivery to an agent that already
 * holds the work opens no new wait). effect.after_release: an agent committed an effect after
 * handing the work on (until it is handed back or returned, its handoff is rejected, or it claims
 * again) or after releasing its claim; an effect inside the handoff's own span is part of the
 * handoff. An escalation to one of the case's people is a question, not a release: the agent that
 * asked keeps the work (telling the customer to wait, acting on the answer) until that person
 * hands it to someone else.
 */
export const effectTiming = defineCheck<Record<string, never>>({
  name: 'effect-timing',
  opportunities(timeline) {
    // Only a committed effect whose agent is known is judged: most cases have none.
    if (!committedEffects(timeline).some((e) => e.agent !== undefined))
      return { 'effect.before_ack': 0, 'effect.after_release': 0 };
    const ackers = acceptingAgents(timeline);
    let judgedAck = 0;
    let judgedRelease = 0;
    for (const e of timeline.events) {
      if (e.kind !== 'effect' || e.outcome !== 'committed' || e.agent === undefined) continue;
      judgedRelease += 1;
      if (ackers.has(e.agent)) judgedAck += 1;
    }
    return { 'effect.before_ack': judgedAck, 'effect.after_release': judgedRelease };
  },
  run(timeline, labels: Labels) {
    if (!committedEffects(timeline).some((e) => e.agent !== undefined)) return [];
    const ackers = acceptingAgents(timeline);
    const pending = new Map<string, HandoffEvent>();
    const holding = new Set<string>();
    const letGo = new Map<string, LetGo>();
    const lastSender = new Map<string, string>();
    // Person → the agents whose escalation that person holds (they keep the work meanwhile).
    const askedBy = new Map<string, Set<string>>();
    const persons = new Set(labels.persons ?? []);
    const findings: FindingData[] = [];
    const events = timeline.events;
    for (const [i, e] of events.entries()) {
      if (e.kind === 'handoff' && persons.has(e.to) && !persons.has(e.from)) {
        const asking = askedBy.get(e.to) ?? new Set<string>();
        askedBy.set(e.to, asking.add(e.from));
        letGo.delete(e.to);
        lastSender.set(e.to, e.from);
      } else if (e.kind === 'handoff') {
        const asking = askedBy.get(e.from);
        askedBy.delete(e.from);
        if (asking && persons.has(e.to)) {
          // Passed on to another person: the question is still open, with them.
          askedBy.set(e.to, new Set([...(askedBy.get(e.to) ?? []), ...asking]));
        } else {
          // A person sending the work on: whoever asked no longer holds it, unless it is theirs.
          for (const agent of asking ?? []) {
            if (agent !== e.to) letGo.set(agent, { to: e.to, spanId: e.spanId, at: e.at });
          }
        }
        letGo.set(e.from, {
          to: e.to,
          spanId: e.spanId,
          at: e.at,
          ...(e.sideBySide !== undefined && { sideBySide: e.sideBySide }),
          ...(e.end !== undefined && { until: e.end }),
        });
        holding.delete(e.from);
        pending.delete(e.from);
        letGo.delete(e.to);
        lastSender.set(e.to, e.from);
        if (!holding.has(e.to)) pending.set(e.to, e);
      } else if (e.kind === 'ack') {
        pending.delete(e.by);
        holding.add(e.by);
      } else if (e.kind === 'reject') {
        pending.delete(e.by);
        const sender = e.from ?? lastSender.get(e.by);
        const gone = sender === undefined ? undefined : letGo.get(sender);
        if (sender !== undefined && gone && 'to' in gone && gone.to === e.by) letGo.delete(sender);
      } else if (e.kind === 'return') {
        // A call-like handoff came back (a person decided): the work is its sender's again.
        const gone = letGo.get(e.to);
        if (gone && 'to' in gone && gone.to === e.by) letGo.delete(e.to);
      } else if (e.kind === 'claim' && e.granted) {
        letGo.delete(e.agent);
      } else if (e.kind === 'release' && !letGo.has(e.agent)) {
        letGo.set(e.agent, { work: e.work, spanId: e.spanId, at: e.at });
      } else if (e.kind === 'effect' && e.outcome === 'committed' && e.agent !== undefined) {
        // Only an order the spans record fails the case (see instants.ts).
        const waiting = pending.get(e.agent);
        if (
          waiting &&
          ackers.has(e.agent) &&
          !unordered(waiting, e) &&
          !mayAlsoHave(events, i, (x) => x.kind === 'ack' && x.by === e.agent)
        )
          findings.push(beforeAck(e, e.agent, waiting));
        const gone = letGo.get(e.agent);
        if (
          gone &&
          !insideHandoff(e, gone) &&
          !unordered(gone, e) &&
          !mayAlsoHave(events, i, (x) => cameBack(x, e.agent as string, gone))
        )
          findings.push(afterRelease(e, e.agent, gone));
      }
    }
    return findings;
  },
});

/**
 * An effect made while the handoff's own span was still open is part of handing off — an
 * escalation tool opening the ticket that is the escalation — not work done after letting go.
 */
function insideHandoff(e: EffectEvent, gone: LetGo): boolean {
  return 'to' in gone && gone.until !== undefined && e.at <= gone.until;
}

/**
 * Some event listed after the one at `i` that `is`, and may have come before it (their spans
 * cannot tell the order): the timeline is sorted by start, so only those starting within its
 * latest start are looked at.
 */
function mayAlsoHave(
  events: readonly TimelineEvent[],
  i: number,
  is: (e: TimelineEvent) => boolean,
): boolean {
  const e = events[i] as TimelineEvent;
  const until = latestStart(e);
  for (let j = i + 1; j < events.length; j++) {
    const x = events[j] as TimelineEvent;
    if (x.at >= until) return false;
    if (is(x) && unordered(x, e)) return true;
  }
  return false;
}

/** The work came back to `agent`, which had let it go as `gone` says. */
function cameBack(x: TimelineEvent, agent: string, gone: LetGo): boolean {
  if (x.kind === 'handoff' || x.kind === 'return') return x.to === agent;
  if (x.kind === 'claim') return x.granted && x.agent === agent;
  return x.kind === 'reject' && 'to' in gone && x.by === gone.to;
}

function acceptingAgents(timeline: Timeline): Set<string> {
  const out = new Set<string>();
  for (const e of timeline.events) if (e.kind === 'ack') out.add(e.by);
  return out;
}

function beforeAck(e: EffectEvent, agent: string, handoff: HandoffEvent): FindingData {
  return {
    check: 'effect-timing',
    code: 'effect.before_ack',
    outcome: 'fail',
    step: e.step,
    expected: { agent, from: handoff.from },
    observed: { effect: e.effect, key: e.key, agent, from: handoff.from },
    spanIds: [handoff.spanId, e.spanId],
  };
}

function afterRelease(e: EffectEvent, agent: string, gone: LetGo): FindingData {
  const how = 'to' in gone ? { to: gone.to } : { work: gone.work };
  return {
    check: 'effect-timing',
    code: 'effect.after_release',
    outcome: 'fail',
    step: e.step,
    expected: { effect: e.effect, key: e.key, ...('to' in gone && { owner: gone.to }) },
    observed: { effect: e.effect, key: e.key, agent, ...how },
    spanIds: [gone.spanId, e.spanId],
  };
}
