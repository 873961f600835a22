import { dirname } from 'node:path';
import type { Adapter } from '../adapters/adapter.ts';
import type { Case } from '../model/labelled-case.ts';
import type { ParsedSuite } from '../model/suite.ts';
import { isHttpFault } from './faults.ts';
import { withHttpEffects } from './with-http-effects.ts';

/**
 * The suite's adapter wrapped with the HTTP ledger when the suite has `effects`, a `cassette`,
 * `model_traffic` or HTTP faults (its own or a case's); unchanged otherwise.
 */
export function withSuiteHttpEffects(
  adapter: Adapter,
  config: ParsedSuite,
  suiteFile: string,
  cases: readonly Case[],
): Adapter {
  const faults = [...config.faults, ...cases.flatMap((c) => c.faults ?? [])];
  const traffic = config.model_traffic;
  if (!config.effects && !config.cassette && !traffic && !faults.some(isHttpFault)) return adapter;
  return withHttpEffects(adapter, {
    ...(config.effects && { effects: config.effects }),
    ...(config.cassette && { cassette: config.cassette }),
    ...(traffic && { modelTraffic: traffic }),
    suiteFaults: config.faults,
    suiteDir: dirname(suiteFile),
  });
}
