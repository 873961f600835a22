import type { Refusal } from '../isolation/guard/thread-guard.ts';
import type { Attribution } from './case-state.ts';
import { endRequestSpan, startRequestSpan } from './spans.ts';

/** How a refused connection or process shows in the case: a refused request, like a refused fetch. */
function requestOf(refusal: Refusal): { method: string; url: URL } {
  switch (refusal.kind) {
    case 'connect': {
      const host = refusal.host.includes(':') ? `[${refusal.host}]` : refusal.host;
      return { method: 'CONNECT', url: new URL(`tcp://${host}:${refusal.port}`) };
    }
    case 'pipe':
      return { method: 'CONNECT', url: new URL(`unix:${refusal.path}`) };
    case 'spawn':
      return { method: 'SPAWN', url: new URL(`process:${refusal.command}`) };
  }
}

/**
 * Records what Baton's guard refused (a socket to a host the suite does not allow, a child
 * process in an isolate) as a refused request of the case that made it: `effect.unexpected_host`.
 */
export function recordRefusal(refusal: Refusal, who: Attribution): void {
  const { method, url } = requestOf(refusal);
  const span = startRequestSpan(
    who.state.tracer,
    who.parent,
    { method, url, agent: who.agent },
    who.contextLost,
  );
  const why = `Baton refused ${method} ${url.href}`;
  who.state.refusals.push(why);
  endRequestSpan(span, 'refused', { error: why });
}
