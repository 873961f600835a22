import type { HandoffEvent, Timeline } from '../model/timeline.ts';
import { agentsIn, workedBetween } from './effects/activity.ts';

/**
 * The observed handoffs (by index) that are an answer coming back, B → A where the work last
 * reached B from A, and either:
 * - a person's: B is a person (one of the case's `participants.persons`, or a name never seen in
 *   an agent turn) who decided after that handoff (a decision event, or a person step of the
 *   case) and no later than the return. A person's handoff made inside an agent-turn span (a
 *   service that wraps every handoff in one) is still the person's. A supervisor who
 *   approves a refund and hands it back to the refunds agent did the work asked of them;
 * - the framework's: the handoff is marked `autoReturn` (LangGraph `createSupervisor` returns
 *   every worker to the supervisor when it is done). No agent chose it, so no agent bounced;
 * - finished work's: B committed an effect or called a tool after that handoff (refunds issued
 *   the refund, billing looked the invoice up, then handed back). B did what it was sent for;
 *   what comes back is the result. In a hub design the result goes back to the hub, the agent
 *   whose handoff started the case's chain, whoever passed the work to B: triage → billing →
 *   refunds, refunds refunds, refunds → triage is that result too (an agent's, not a person's).
 * Such a return is neither ping-pong nor a handoff nobody needed. Labels that expect it still
 * judge it like any other handoff, and sending the same work out again after it came back is
 * still a bounce (the return is the evidence that it came back).
 */
export function answersComingBack(
  timeline: Timeline,
  observed: readonly HandoffEvent[],
  claimed: ReadonlySet<number>,
  /** The case's people (`participants.persons`), when it names them. */
  persons: readonly string[] = [],
): ReadonlySet<number> {
  const out = new Set<number>();
  const decisions = timeline.events.some((e) => e.kind === 'decision' || isPersonStep(e));
  const worked = timeline.events.some(
    (e) =>
      (e.kind === 'effect' && e.outcome === 'committed' && e.agent !== undefined) ||
      (e.kind === 'tool_call' && e.agent !== undefined),
  );
  if (!decisions && !worked && !observed.some((h) => h.autoReturn === true)) return out;
  const agents = decisions ? agentsIn(timeline) : undefined;
  const isPerson = (name: string) => persons.includes(name) || !agents?.has(name);
  // The hub: the agent whose handoff started the case's chain of handoffs.
  const hub = observed[0]?.from;
  observed.forEach((h, k) => {
    if (claimed.has(k)) return;
    const into = lastInto(observed, k, h.from);
    if (into === undefined) return;
    if (into.from !== h.to) {
      // Finished work handed back to the hub it started from (a specialist returning to
      // triage after another specialist passed it on), by an agent, never by a person.
      if (worked && h.to === hub && !isPersonName(h.from, persons, agents))
        if (workedBetween(timeline, h.from, into, h)) out.add(k);
      return;
    }
    if (h.autoReturn === true) out.add(k);
    else if (agents && isPerson(h.from) && decidedBetween(timeline, h.from, into, h)) out.add(k);
    else if (worked && workedBetween(timeline, h.from, into, h)) out.add(k);
  });
  return out;
}

/** A name that is one of the case's people, or (with decisions in the case) never an agent. */
function isPersonName(
  name: string,
  persons: readonly string[],
  agents: ReadonlySet<string> | undefined,
): boolean {
  return persons.includes(name) || (agents !== undefined && !agents.has(name));
}

function lastInto(observed: readonly HandoffEvent[], k: number, who: string) {
  for (let i = k - 1; i >= 0; i--) {
    const h = observed[i] as HandoffEvent;
    if (h.to === who) return h;
  }
  return undefined;
}

function decidedBetween(
  timeline: Timeline,
  person: string,
  into: HandoffEvent,
  back: HandoffEvent,
): boolean {
  return timeline.events.some(
    (e) =>
      e.step >= into.step &&
      e.step <= back.step &&
      (e.kind === 'decision'
        ? e.person === person && e.at >= into.at
        : isPersonStep(e) && e.step > into.step),
  );
}

function isPersonStep(e: Timeline['events'][number]): boolean {
  return e.kind === 'step' && e.stepKind === 'person';
}
