import { type Context, context, createContextKey } from '@opentelemetry/api';

/**
 * A way for a framework's adapter to answer a question about the code running now (which agent
 * acts, which model response it carries out), installed in the OpenTelemetry context and asked as
 * something happens (an outbound request leaves).
 */
export interface ContextResolver {
  /** Runs `fn` with `resolve` as the answer; the innermost one wins. */
  run<T>(resolve: () => string | undefined, fn: () => T): T;
  /** The answer in `ctx`; undefined when none is installed, it cannot tell, or it throws. */
  read(ctx?: Context): string | undefined;
}

/**
 * A resolver under a context key named `description`. `createContextKey` is
 * `Symbol.for(description)`: every copy of Baton shares the key.
 */
export function contextResolver(description: string): ContextResolver {
  const key = createContextKey(description);
  return {
    run: (resolve, fn) => context.with(context.active().setValue(key, resolve), fn),
    read(ctx = context.active()) {
      const resolve = ctx.getValue(key);
      if (typeof resolve !== 'function') return undefined;
      try {
        const answer: unknown = resolve();
        return typeof answer === 'string' && answer !== '' ? answer : undefined;
      } catch {
        // A framework whose context cannot be read answers nothing; the request still goes on.
        return undefined;
      }
    },
  };
}
