import type { Adapter } from '../adapters/adapter.ts';
import type { HttpEffectsOptions, RunLedger } from './run-ledger.ts';

export type { HttpEffectsOptions } from './run-ledger.ts';

/**
 * Wraps an adapter so every outbound HTTP request of a run goes through Baton's ledger (msw):
 * effect endpoints are faked and their commits recorded as `effect` spans, HTTP faults are
 * injected, cassette hosts are replayed or recorded, other hosts are refused. Use it when a
 * suite has `effects`, `cassette` or HTTP faults.
 */
export function withHttpEffects(inner: Adapter, options: HttpEffectsOptions): Adapter {
  let ledger: RunLedger | undefined;
  const wrapped: Adapter & { name: string } = {
    // Taken again after setup: an adapter may name itself better then (the HTTP adapter's URL).
    name: inner.name,
    ...(inner.toolEffects && { toolEffects: inner.toolEffects }),
    ...(inner.deliversHandoffs && { deliversHandoffs: true }),
    // msw starts first: a client that captures `fetch` when the implementation is built (the
    // OpenAI SDK does) must capture the intercepted one.
    async setup() {
      // msw loads here, for suites that need it, not with Baton.
      const { RunLedger } = await import('./run-ledger.ts');
      ledger = await RunLedger.start(options);
      try {
        await inner.setup?.();
        wrapped.name = inner.name;
      } catch (error) {
        await stop();
        throw error;
      }
    },
    runCase(testCase, ctx) {
      if (!ledger) throw new Error('withHttpEffects: runCase was called before setup()');
      return ledger.runCase(testCase, ctx, () => inner.runCase(testCase, ctx));
    },
    async teardown() {
      try {
        await inner.teardown?.();
      } finally {
        await stop();
      }
    },
  };
  async function stop(): Promise<void> {
    const current = ledger;
    ledger = undefined;
    await current?.stop();
  }
  if (inner.reserve) wrapped.reserve = inner.reserve.bind(inner);
  if (inner.receiver) wrapped.receiver = inner.receiver.bind(inner);
  if (inner.negotiator) wrapped.negotiator = inner.negotiator.bind(inner);
  return wrapped;
}
