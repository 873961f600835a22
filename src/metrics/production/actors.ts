import type { TimelineEvent } from '../../model/timeline.ts';

/** Who acted in an event: the agent or person doing something; undefined for steps. */
export function actorOf(e: TimelineEvent): string | undefined {
  switch (e.kind) {
    case 'agent_turn':
      return e.agent;
    case 'handoff':
      return e.from;
    case 'ack':
    case 'reject':
    case 'question':
      return e.by;
    case 'decision':
      return e.person;
    case 'effect':
    case 'tool_call':
    case 'request':
    case 'claim':
    case 'release':
      return e.agent;
    default:
      return undefined;
  }
}

/** A field or key name compared loosely: `order_id`, `orderId` and `Order ID` are one name. */
export function looseName(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}
