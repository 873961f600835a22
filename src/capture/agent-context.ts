import type { Context } from '@opentelemetry/api';
import { contextResolver } from './context-resolver.ts';

/**
 * Tells, at the moment something happens (an outbound request leaves), which agent is acting.
 * Frameworks that Baton reads after the fact (the OpenAI Agents SDK's spans, LangGraph's stream)
 * have no Baton agent span active while a tool runs; their adapter installs a resolver that asks
 * the framework's own async context instead (its current span, its runnable config).
 */
export type AgentResolver = () => string | undefined;

const AGENT = contextResolver('baton.agent.resolver');

/** Runs `fn` with `resolve` as the way to tell the acting agent; the innermost resolver wins. */
export function withAgentResolver<T>(resolve: AgentResolver, fn: () => T): T {
  return AGENT.run(resolve, fn);
}

/** The acting agent in `ctx` by its innermost resolver; undefined when none is installed or it cannot tell. */
export function resolveAgent(ctx?: Context): string | undefined {
  return AGENT.read(ctx);
}
