import type { Adapter } from '../adapters/adapter.ts';
import { createAdapter } from '../adapters/create-adapter.ts';
import { withSuiteHttpEffects } from '../effects/suite-effects.ts';
import { type HeldCase, unpackCase } from '../load/packed-case.ts';
import type { ParsedSuite } from '../model/suite.ts';

/**
 * The adapter a suite runs its cases through: in Baton's own process (`isolation: none`, with the
 * HTTP ledger in front when the suite has effects), or in worker threads or child processes that
 * each build that same adapter and ledger for themselves. The isolation code loads only when a
 * suite asks for it.
 */
export async function suiteAdapter(
  config: ParsedSuite,
  suiteFile: string,
  cases: readonly HeldCase[],
): Promise<Adapter> {
  const inner = await createAdapter(config.adapter, suiteFile, { faults: config.faults });
  if (config.isolation === 'none') return withSuiteHttpEffects(inner, config, suiteFile, cases);
  const { createIsolatedAdapter } = await import('./isolated-adapter.ts');
  return createIsolatedAdapter({
    kind: config.isolation,
    inner,
    suiteFile,
    config,
    // Isolates are sent whole cases when they start.
    cases: cases.map(unpackCase),
    closeWaitMs: config.timeout_ms,
  });
}
