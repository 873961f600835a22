import type { AnyAgent } from './app.ts';
import type { HandoffRoute, HandoffTools } from './handoff-calls.ts';
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

/** The handoff tools of every agent reachable from `start`: tool name → its routes (SDK names). */
export function handoffTools(start: AnyAgent, getHandoff: GetHandoff): HandoffTools {
  const tools = new Map<string, HandoffRoute[]>();
  for (const agent of agentsOf(start, getHandoff)) {
    for (const h of agent.handoffs ?? []) {
      const handoff = getHandoff(h);
      const routes = tools.get(handoff.toolName) ?? [];
      routes.push({ from: agent.name, to: handoff.agentName });
      tools.set(handoff.toolName, routes);
    }
  }
  return tools;
}
