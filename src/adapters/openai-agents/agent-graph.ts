import type { AnyAgent } from './app.ts';
import type { AgentsSdk } from './sdk-tracing.ts';

/** The SDK's `getHandoff`, from the app's own copy: it tells its Handoff objects by `instanceof`. */
export type GetHandoff = AgentsSdk['getHandoff'];

/** Every agent reachable from `start` through handoffs, `start` first, each once. */
export function agentsOf(start: AnyAgent, getHandoff: GetHandoff): AnyAgent[] {
  const seen = new Set<AnyAgent>([start]);
  const queue: AnyAgent[] = [start];
  for (let i = 0; i < queue.length; i++) {
    for (const h of queue[i]?.handoffs ?? []) {
      const next = getHandoff(h).agent as AnyAgent;
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return queue;
}

/**
 * The agent that receives a case's first step: the starting agent, or the agent of the graph
 * whose (participant) name is the case's `entry`. Undefined when the graph has no such agent.
 */
export function entryAgent(
  start: AnyAgent,
  entry: string,
  participantName: (sdkName: string) => string,
  getHandoff: GetHandoff,
): AnyAgent | undefined {
  if (participantName(start.name) === entry) return start;
  return agentsOf(start, getHandoff).find((a) => participantName(a.name) === entry);
}
