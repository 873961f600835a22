import { type AgentInputItem, generateTraceId, type Runner, withTrace } from '@openai/agents';
import { context, type Tracer } from '@opentelemetry/api';
import type { AnyAgent } from './app.ts';
import { emitPlannedSpans } from './emit-spans.ts';
import { handoffCalls, type RunItemLike } from './handoff-calls.ts';
import { mapSdkSpans, nameOf } from './map-spans.ts';
import type { MappingRules } from './options.ts';
import type { PlannedSpan } from './planned-span.ts';
import { replySpan } from './reply-span.ts';
import type { SdkSpanRecord } from './sdk-span.ts';
import type { BatonTraceProcessor } from './trace-processor.ts';

/** What every turn of one case shares. */
export interface TurnSetup {
  readonly runner: Runner;
  readonly processor: BatonTraceProcessor;
  readonly rules: MappingRules;
  readonly tracer: Tracer;
  readonly caseId: string;
  readonly repeat: number;
  readonly runContext?: unknown;
  readonly maxTurns?: number;
  readonly signal: AbortSignal;
}

export interface TurnOutcome {
  readonly history: AgentInputItem[];
  readonly lastAgent: AnyAgent;
  /** The spans Baton recorded for the turn, in start order. */
  readonly spans: readonly PlannedSpan[];
}

/** What Baton reads from the SDK's RunResult. */
interface RunOutcome {
  readonly history: AgentInputItem[];
  readonly lastAgent: AnyAgent | undefined;
  readonly newItems: readonly RunItemLike[];
  readonly finalOutput?: unknown;
}

/** A turn whose run threw: the implementation failed, or the SDK refused what the model did. */
export class AgentsRunError extends Error {
  override readonly name = 'AgentsRunError';
}

/** A turn whose spans never reached Baton's processor: something replaced it. */
export class TracingLostError extends Error {
  override readonly name = 'TracingLostError';
}

/**
 * Runs one step's turn: the agent graph from `agent` on `input`, inside an SDK trace of its own
 * that Baton's processor records. The recorded SDK spans are mapped and created under the active
 * context (the step span), also when the run throws, so a failed turn still shows what happened.
 */
export async function runTurn(
  setup: TurnSetup,
  agent: AnyAgent,
  input: AgentInputItem[],
  step: number,
): Promise<TurnOutcome> {
  const parent = context.active();
  const traceId = generateTraceId();
  const recording = setup.processor.open(traceId);
  let result: RunOutcome | undefined;
  let failure: unknown;
  try {
    result = await withTrace(
      `baton ${setup.caseId} step ${step}`,
      () =>
        setup.runner.run(agent, input, {
          signal: setup.signal,
          ...(setup.runContext !== undefined && { context: setup.runContext }),
          ...(setup.maxTurns !== undefined && { maxTurns: setup.maxTurns }),
        }),
      { traceId, groupId: `baton ${setup.caseId} #${setup.repeat}` },
    );
  } catch (error) {
    failure = error;
  } finally {
    setup.processor.close(traceId);
  }
  const spans = mapSdkSpans(recording.spans, handoffCalls(result?.newItems ?? []), setup.rules);
  const speaker = nameOf((result?.lastAgent ?? agent).name, setup.rules);
  const reply = replySpan(result?.finalOutput, speaker, spans, `${traceId}:reply`);
  if (reply) spans.push(reply);
  emitPlannedSpans(setup.tracer, parent, spans);
  if (!recording.sawTrace) {
    throw new TracingLostError(
      `step ${step}: Baton's trace processor heard nothing of the run. Something changed the SDK's tracing after Baton set it up (setTraceProcessors, setTracingDisabled(true), setDefaultOpenAITracingExporter, or a second copy of @openai/agents); leave tracing to Baton while it runs`,
    );
  }
  if (failure !== undefined || result === undefined) {
    throw new AgentsRunError(`step ${step}: ${describeFailure(failure, recording.spans)}`);
  }
  return { history: result.history, lastAgent: result.lastAgent ?? agent, spans };
}

function describeFailure(error: unknown, spans: readonly SdkSpanRecord[]): string {
  const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const refused = spans.find((s) => s.data.type === 'handoff' && s.error);
  if (refused) {
    const from = String(refused.data.from_agent ?? '?');
    return `the agents run failed with ${what} (the SDK refused ${from}'s handoff: its arguments did not match the handoff's inputType)`;
  }
  const agent = spans.findLast((s) => s.data.type === 'agent' && s.error);
  const at = agent ? ` in agent ${String(agent.data.name)}` : '';
  return `the agents run failed${at} with ${what}`;
}
