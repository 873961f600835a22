import type { Adapter } from '../adapters/adapter.ts';
import { createAdapter } from '../adapters/create-adapter.ts';
import { type SuiteSetupInfo, suiteCases } from '../adapters/suite-cases.ts';
import { withSuiteHttpEffects } from '../effects/suite-effects.ts';
import { type HeldCase, unpackCase } from '../load/packed-case.ts';
import type { Case } from '../model/labelled-case.ts';
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
  lineOf?: SuiteSetupInfo['lineOf'],
): Promise<Adapter> {
  if (config.isolation === 'none') {
    // An adapter that checks the cases at setup reads them here, before they run.
    const inner = await createAdapter(config.adapter, suiteFile, {
      faults: config.faults,
      cases: () => suiteCases(unpacked(cases)),
      ...(lineOf && { lineOf }),
    });
    return withSuiteHttpEffects(inner, config, suiteFile, cases);
  }
  const inner = await createAdapter(config.adapter, suiteFile, { faults: config.faults });
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

/** The cases one at a time: a packed case is unpacked only while it is read. */
function* unpacked(cases: readonly HeldCase[]): Iterable<Case> {
  for (const c of cases) yield unpackCase(c);
}
