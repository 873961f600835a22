import type { AgentInputItem, Runner } from '@openai/agents';
import { context, type Tracer } from '@opentelemetry/api';
import { type AgentResolver, withAgentResolver } from '../../capture/agent-context.ts';
import { BatonError, explainsItself } from '../../errors.ts';
import { describeThrown } from '../../thrown.ts';
import { emitHalt, type Halt } from '../halt-span.ts';
import { handoffTools } from './agent-graph.ts';
import type { AnyAgent } from './app.ts';
import { emitPlannedSpans } from './emit-spans.ts';
import {
  filteredHandoffCalls,
  handoffCalls,
  type ResponseLike,
  type RunItemLike,
} from './handoff-calls.ts';
import { mapSdkSpans, nameOf, refused } from './map-spans.ts';
import type { MappingRules } from './options.ts';
import type { PlannedSpan } from './planned-span.ts';
import type { AgentStart } from './received-input.ts';
import { replySpan } from './reply-span.ts';
import { haltOf, runBeforeError } from './sdk-halt.ts';
import type { SdkSpanRecord } from './sdk-span.ts';
import type { AgentsSdk } from './sdk-tracing.ts';
import type { BatonTraceProcessor, TurnRecording } from './trace-processor.ts';

/** What every turn of one case shares. */
export interface TurnSetup {
  /** The app's own copy of `@openai/agents`. */
  readonly sdk: AgentsSdk;
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
  /** Set when the SDK stopped the run as the app's own doing (maxTurns, a tripwire): the case ends. */
  readonly halted?: Halt;
}

/** What Baton reads from the SDK's RunResult. */
interface RunOutcome {
  readonly history: AgentInputItem[];
  readonly lastAgent: AnyAgent | undefined;
  readonly newItems: readonly RunItemLike[];
  readonly rawResponses: readonly ResponseLike[];
  readonly finalOutput?: unknown;
}

/**
 * A turn whose run threw, not as the app's own doing: the model or its provider failed, the SDK
 * refused what the model did, or a tool or the app broke. The case errors: no verdict.
 */
export class AgentsRunError extends BatonError {
  constructor(message: string) {
    super('adapter.run', message);
  }
}

/** A turn whose spans never reached Baton's processor: something replaced it. */
export class TracingLostError extends BatonError {
  constructor(message: string) {
    super('adapter.run', message);
  }
}

/**
 * Runs one step's turn: the agent graph from `agent` on `input`, inside an SDK trace of its own
 * that Baton's processor records. The recorded SDK spans are mapped and created under the active
 * context (the step span), also when the run throws, so a failed turn still shows what happened.
 * While the turn runs, an outbound request (a tool's `fetch`) is attributed to the agent whose
 * SDK span is current, since Baton's own agent spans are only made afterwards.
 */
export async function runTurn(
  setup: TurnSetup,
  agent: AnyAgent,
  input: AgentInputItem[],
  step: number,
): Promise<TurnOutcome> {
  const { sdk } = setup;
  const parent = context.active();
  const traceId = sdk.generateTraceId();
  const recording = setup.processor.open(traceId);
  // What each agent was handed when it started: a handoff's receiver gets the filtered history.
  const starts: AgentStart[] = [];
  const onStart = (_: unknown, started: AnyAgent, items?: readonly unknown[]) =>
    starts.push({ agent: started.name, input: items ?? [] });
  setup.runner.on('agent_start', onStart);
  let result: RunOutcome | undefined;
  let failure: unknown;
  try {
    result = await withAgentResolver(currentAgent(setup, traceId, recording), () =>
      sdk.withTrace(
        `baton ${setup.caseId} step ${step}`,
        () =>
          setup.runner.run(agent, input, {
            signal: setup.signal,
            ...(setup.runContext !== undefined && { context: setup.runContext }),
            ...(setup.maxTurns !== undefined && { maxTurns: setup.maxTurns }),
          }),
        { traceId, groupId: `baton ${setup.caseId} #${setup.repeat}` },
      ),
    );
  } catch (error) {
    failure = error;
  } finally {
    setup.runner.off('agent_start', onStart);
    setup.processor.close(traceId);
  }
  // A run that threw still produced items until then: its handoffs keep their payloads.
  const { newItems: items, rawResponses } = result ?? runBeforeError(sdk, failure);
  const tools = handoffTools(agent, sdk.getHandoff);
  const calls = [...handoffCalls(items), ...filteredHandoffCalls(rawResponses, tools, items)];
  const spans = mapSdkSpans(recording.spans, calls, setup.rules, starts);
  const speaker = nameOf((result?.lastAgent ?? agent).name, setup.rules);
  const reply = replySpan(result?.finalOutput, speaker, spans, `${traceId}:reply`);
  if (reply) spans.push(reply);
  emitPlannedSpans(setup.tracer, parent, spans);
  if (!recording.sawTrace) {
    throw new TracingLostError(
      `Failed to record step ${step} of case ${setup.caseId}: Baton's trace processor heard nothing of the run. Something changed the SDK's tracing after Baton set it up (setTraceProcessors, setTracingDisabled(true), setDefaultOpenAITracingExporter, or a second copy of @openai/agents); leave tracing to Baton while it runs.`,
    );
  }
  if (result !== undefined && failure === undefined) {
    return { history: result.history, lastAgent: result.lastAgent ?? agent, spans };
  }
  const halted = haltOf(sdk, failure, (name) => nameOf(name, setup.rules));
  if (halted === undefined) {
    throw new AgentsRunError(
      sentence(
        `Failed to run step ${step} of case ${setup.caseId}: ${describeFailure(failure, recording.spans)}`,
      ),
    );
  }
  emitHalt(setup.tracer, halted, parent);
  return { history: [], lastAgent: agent, spans, halted };
}

/** The participant whose SDK agent span is above the SDK's current span, in this turn's trace. */
function currentAgent(setup: TurnSetup, traceId: string, recording: TurnRecording): AgentResolver {
  return () => {
    const span = setup.sdk.getCurrentSpan();
    if (!span || span.traceId !== traceId) return undefined;
    const sdkName = recording.agentOf(span.spanId);
    return sdkName === undefined ? undefined : nameOf(sdkName, setup.rules);
  };
}

function describeFailure(error: unknown, spans: readonly SdkSpanRecord[]): string {
  // Baton's own errors say what is wrong in their message; anyone else's class name is part of
  // what happened.
  const what = explainsItself(error) ? `: ${error.message}` : ` with ${describeThrown(error)}`;
  const refusal = spans.find((s) => s.data.type === 'handoff' && refused(s));
  if (refusal) {
    const from = String(refusal.data.from_agent ?? '?');
    return `the agents run failed${what} (the SDK refused ${from}'s handoff: its arguments did not match the handoff's inputType)`;
  }
  const agent = spans.findLast((s) => s.data.type === 'agent' && s.error);
  const at = agent ? ` in agent ${String(agent.data.name)}` : '';
  return `the agents run failed${at}${what}`;
}

/** The text as a sentence: a full stop added unless it ends with one (or `?`, `!`). */
function sentence(text: string): string {
  return /[.?!]$/.test(text) ? text : `${text}.`;
}
