import type { Context } from '@opentelemetry/api';
import { contextResolver } from './context-resolver.ts';

/**
 * Tells, as an outbound request leaves, which model response's call it carries out, when that
 * response made several calls: the framework ran them side by side, so the request has no order
 * against the response's other calls (`MODEL_TRAFFIC_ATTR.response`). Installed by adapters that
 * see a framework's tool runs as they start (LangGraph's callbacks).
 */
export type ResponseResolver = () => string | undefined;

const RESPONSE = contextResolver('baton.response.resolver');

/** Runs `fn` with `resolve` as the way to tell the response being carried out. */
export function withResponseResolver<T>(resolve: ResponseResolver, fn: () => T): T {
  return RESPONSE.run(resolve, fn);
}

/** The response being carried out in `ctx`, by its resolver; undefined when none can tell. */
export function resolveResponse(ctx?: Context): string | undefined {
  return RESPONSE.read(ctx);
}
