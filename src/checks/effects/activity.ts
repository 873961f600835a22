import type { Timeline, TimelineEvent } from '../../model/timeline.ts';

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
