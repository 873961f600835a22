import type { Halt } from '../halt-span.ts';
import type { ResponseLike, RunItemLike } from './handoff-calls.ts';
import type { AgentsSdk } from './sdk-tracing.ts';

/** What Baton reads of the SDK's `AgentsError`: the run's state when it stopped. */
interface StoppedRun {
  readonly message: string;
  readonly state?: unknown;
  readonly result?: { readonly guardrail?: { readonly name?: unknown } };
}

/**
 * Whether an error the agents run threw is the app's own behaviour rather than a failure to run
 * it: the run exceeded its `maxTurns` (agents that loop, or never finish), or a guardrail's
 * tripwire stopped it. Such a case is judged on what happened before, and fails. Every other
 * error — a model or provider failure, a refused handoff, a tool that threw, a bug — stays an
 * error: Baton cannot tell the app's fault from a broken script, key or network.
 */
export function haltOf(
  sdk: AgentsSdk,
  error: unknown,
  participant: (sdkName: string) => string,
): Halt | undefined {
  if (!(error instanceof sdk.AgentsError)) return undefined;
  const stopped = error as StoppedRun;
  const agent = agentOf(sdk, stopped, participant);
  const base = { ...(agent !== undefined && { agent }), detail: stopped.message };
  if (error instanceof sdk.MaxTurnsExceededError) {
    const limit = Number(/\((\d+)\)/.exec(stopped.message)?.[1]);
    return { cause: 'turn_limit', ...(Number.isInteger(limit) && { limit }), ...base };
  }
  if (!TRIPWIRES.some((name) => error instanceof sdk[name])) return undefined;
  const guardrail = stopped.result?.guardrail?.name;
  return {
    cause: 'guardrail',
    ...(typeof guardrail === 'string' && guardrail !== '' && { guardrail }),
    ...base,
  };
}

const TRIPWIRES = [
  'InputGuardrailTripwireTriggered',
  'OutputGuardrailTripwireTriggered',
  'ToolInputGuardrailTripwireTriggered',
  'ToolOutputGuardrailTripwireTriggered',
] as const;

/** What a run had produced when it threw: its items and model responses, read through RunResult. */
export function runBeforeError(
  sdk: AgentsSdk,
  error: unknown,
): { newItems: readonly RunItemLike[]; rawResponses: readonly ResponseLike[] } {
  const state = runState(sdk, error);
  const none = { newItems: [], rawResponses: [] };
  if (state === undefined) return none;
  try {
    const result = new sdk.RunResult(state);
    return { newItems: result.newItems, rawResponses: result.rawResponses };
  } catch {
    return none;
  }
}

function agentOf(
  sdk: AgentsSdk,
  error: StoppedRun,
  participant: (sdkName: string) => string,
): string | undefined {
  const state = runState(sdk, error);
  const name = state?.currentAgent?.name;
  return typeof name === 'string' ? participant(name) : undefined;
}

type SdkState = ConstructorParameters<AgentsSdk['RunResult']>[0];

function runState(sdk: AgentsSdk, error: unknown): SdkState | undefined {
  const state = (error as { state?: unknown } | null)?.state;
  return state instanceof sdk.RunState ? (state as SdkState) : undefined;
}
