import { dirname } from 'node:path';
import type { Adapter } from '../adapters/adapter.ts';
import { isEndpointFault } from '../model/fault-kinds.ts';
import type { Case } from '../model/labelled-case.ts';
import type { ParsedSuite } from '../model/suite.ts';
import { withHttpEffects } from './with-http-effects.ts';

/**
 * The suite's adapter wrapped with the HTTP ledger when the suite has HTTP `effects` (endpoints,
 * allowed hosts, or an `effects:` block that declares no tools: no network), a `cassette`,
 * `model_traffic` or HTTP faults (its own or a case's); unchanged otherwise. Tool effects alone
 * need no ledger: they are read from the tool calls' spans. An `http` or `traces` adapter is
 * never wrapped (their suites may hold none of these: see adapter-reach-problems.ts).
 */
export function withSuiteHttpEffects(
  adapter: Adapter,
  config: ParsedSuite,
  suiteFile: string,
  /** Only their faults are read: packed cases (see `PackedCase`) keep them at hand. */
  cases: readonly { readonly faults?: Case['faults'] | undefined }[],
  extra: { readonly refuseProcesses?: boolean } = {},
): Adapter {
  // A service over HTTP and a recorded trace make no request in this process: nothing to
  // intercept, and a guard would only refuse Baton's own requests to the service.
  if (config.adapter.type === 'http' || config.adapter.type === 'traces') return adapter;
  const faults = [...config.faults, ...cases.flatMap((c) => c.faults ?? [])];
  const e = config.effects;
  const http =
    e !== undefined && (e.endpoints.length + e.allow_hosts.length > 0 || !e.tools?.length);
  const traffic = config.model_traffic;
  if (!http && !config.cassette && !traffic && !faults.some(isEndpointFault)) return adapter;
  return withHttpEffects(adapter, {
    ...(config.effects && { effects: config.effects }),
    ...(config.cassette && { cassette: config.cassette }),
    ...(traffic && { modelTraffic: traffic }),
    ...(config.redact && { redact: config.redact }),
    suiteFaults: config.faults,
    suiteDir: dirname(suiteFile),
    ...extra,
  });
}
