import { type Context, context, createContextKey } from '@opentelemetry/api';

/**
 * Tells, as an outbound request leaves, which model response's call it carries out, when that
 * response made several calls: the framework ran them side by side, so the request has no order
 * against the response's other calls (`MODEL_TRAFFIC_ATTR.response`). Installed by adapters that
 * see a framework's tool runs as they start (LangGraph's callbacks).
 */
export type ResponseResolver = () => string | undefined;

// `createContextKey` is `Symbol.for(description)`: every copy of Baton shares the key.
const RESPONSE_RESOLVER = createContextKey('baton.response.resolver');

/** Runs `fn` with `resolve` as the way to tell the response being carried out. */
export function withResponseResolver<T>(resolve: ResponseResolver, fn: () => T): T {
  return context.with(context.active().setValue(RESPONSE_RESOLVER, resolve), fn);
}

/** The response being carried out in `ctx`, by its resolver; undefined when none can tell. */
export function resolveResponse(ctx: Context = context.active()): string | undefined {
  const resolve = ctx.getValue(RESPONSE_RESOLVER);
  if (typeof resolve !== 'function') return undefined;
  try {
    const response = (resolve as ResponseResolver)();
    return typeof response === 'string' && response !== '' ? response : undefined;
  } catch {
    // A framework whose context cannot be read marks nothing; the request still goes on.
    return undefined;
  }
}
