import { dirname } from 'node:path';
import { createAdapter } from '../../adapters/create-adapter.ts';
import { createCapture } from '../../capture/capture.ts';
import { withHttpEffects } from '../../effects/with-http-effects.ts';
import { BatonError } from '../../errors.ts';
import type { Suite } from '../../model/suite.ts';
import { runCaseOnce } from '../../run/run-case.ts';
import type { Candidate } from '../shadow-engine.ts';

/** A started candidate and how to stop it. */
export interface StartedCandidate {
  readonly candidate: Candidate;
  stop(): Promise<void>;
}

/**
 * Starts the suite's adapter as the shadow candidate, behind Baton's HTTP ledger in shadow mode
 * whatever the suite says about effects: every outbound request is answered by the suite's fakes
 * or cassette (replay only) or refused, except hosts in `shadow.allow_hosts`; calls the fakes
 * answer are `blocked` effects. No fault is injected. Each conversation runs like a case: in its
 * own capture scope, under the suite's timeout, its spans normalised into a timeline.
 */
export async function startCandidate(suite: Suite): Promise<StartedCandidate> {
  const config = suite.config;
  refuseOutOfProcess(config.adapter.type, suite.file);
  const adapter = withHttpEffects(await createAdapter(config.adapter, suite.file, { faults: [] }), {
    ...(config.effects && { effects: config.effects }),
    ...(config.cassette && { cassette: config.cassette }),
    ...(config.model_traffic && { modelTraffic: config.model_traffic }),
    suiteFaults: [],
    suiteDir: dirname(suite.file),
    shadow: { allowHosts: config.shadow?.allow_hosts ?? [] },
  });
  const capture = createCapture();
  await adapter.setup?.();
  const toolEffects = [...(config.effects?.tools ?? []), ...(adapter.toolEffects ?? [])];
  const candidate: Candidate = {
    name: adapter.name,
    async run(testCase) {
      const run = await runCaseOnce(testCase, 0, {
        adapter,
        capture,
        checks: [],
        timeoutMs: config.timeout_ms,
        toolEffects,
      });
      if (run.status === 'error')
        return { ok: false, message: run.error?.message ?? 'the candidate broke' };
      return { ok: true, timeline: { events: run.timeline ?? [] } };
    },
  };
  return { candidate, stop: async () => adapter.teardown?.() };
}

/** Only a candidate in Baton's process can be kept from reaching the world. */
function refuseOutOfProcess(type: string, file: string): void {
  if (type === 'traces')
    throw new BatonError(
      'usage',
      `Failed to start baton shadow on ${file}: its adapter is \`traces\`, which runs no implementation. Point baton shadow at a suite whose adapter runs the candidate (module, openai-agents, langgraph).`,
    );
  if (type === 'http')
    throw new BatonError(
      'usage',
      `Failed to start baton shadow on ${file}: its adapter is \`http\`, a service in another process whose own requests Baton cannot intercept, so it could reach customers. Run the candidate in Baton's process (a module, openai-agents or langgraph adapter).`,
    );
}
