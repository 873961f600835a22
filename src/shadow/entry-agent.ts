import { actorOf } from '../metrics/production/actors.ts';
import type { AgentTurnEvent, Timeline } from '../model/timeline.ts';

/** Who took a live conversation's first step, and which agents were passed over as wrappers. */
export interface EntryAgent {
  readonly entry: string | undefined;
  /**
   * Agents seen only in turns that enclose another agent's turn, doing nothing in their own
   * name: a framework's workflow span read as an agent (the Agents SDK's run of the whole desk),
   * not an agent that receives work.
   */
  readonly wrappers: readonly string[];
}

/**
 * The agent that received the customer's first step: the first one to act (a turn of its own, a
 * handoff, a question, a tool call, an effect), people and wrappers aside. A span that encloses
 * the real agents' turns (`Support desk` around `Triage Agent`) is not the entry, whatever the
 * trace's root is called: the agent inside it that acts first is.
 */
export function entryAgent(timeline: Timeline, persons: ReadonlySet<string>): EntryAgent {
  const wrappers = wrappingAgents(timeline);
  for (const e of timeline.events) {
    const actor = actorOf(e);
    if (actor === undefined || persons.has(actor) || wrappers.has(actor)) continue;
    return { entry: actor, wrappers: [...wrappers] };
  }
  return { entry: undefined, wrappers: [...wrappers] };
}

/** Agents whose every turn encloses another agent's turn and who do nothing else themselves. */
function wrappingAgents(timeline: Timeline): Set<string> {
  const turns = timeline.events.filter((e): e is AgentTurnEvent => e.kind === 'agent_turn');
  const acting = new Set<string>();
  for (const e of timeline.events) {
    if (e.kind === 'agent_turn') continue;
    const actor = actorOf(e);
    if (actor !== undefined) acting.add(actor);
    if (e.kind === 'handoff') acting.add(e.to);
  }
  const candidates = new Set(turns.map((t) => t.agent).filter((a) => !acting.has(a)));
  for (const t of turns) {
    if (!candidates.has(t.agent)) continue;
    const encloses = turns.some(
      (u) => u.agent !== t.agent && u.at >= t.at && u.end <= t.end && u !== t,
    );
    if (!encloses) candidates.delete(t.agent);
  }
  return candidates;
}
