import { type Context, context, createContextKey } from '@opentelemetry/api';

/**
 * Tells, at the moment something happens (an outbound request leaves), which agent is acting.
 * Frameworks that Baton reads after the fact (the OpenAI Agents SDK's spans, LangGraph's stream)
 * have no Baton agent span active while a tool runs; their adapter installs a resolver that asks
 * the framework's own async context instead (its current span, its runnable config).
 */
export type AgentResolver = () => string | undefined;

// `createContextKey` is `Symbol.for(description)`: every copy of Baton shares the key.
const AGENT_RESOLVER = createContextKey('baton.agent.resolver');

/** Runs `fn` with `resolve` as the way to tell the acting agent; the innermost resolver wins. */
export function withAgentResolver<T>(resolve: AgentResolver, fn: () => T): T {
  return context.with(context.active().setValue(AGENT_RESOLVER, resolve), fn);
}

/** The acting agent in `ctx` by its innermost resolver; undefined when none is installed or it cannot tell. */
export function resolveAgent(ctx: Context = context.active()): string | undefined {
  const resolve = ctx.getValue(AGENT_RESOLVER);
  if (typeof resolve !== 'function') return undefined;
  try {
    const agent = (resolve as AgentResolver)();
    return typeof agent === 'string' && agent !== '' ? agent : undefined;
  } catch {
    // A framework whose context cannot be read attributes nothing; the request still goes on.
    return undefined;
  }
}
