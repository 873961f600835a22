import type { AgentInputItem, Runner, RunState, RunToolApprovalItem } from '@openai/agents';
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
  /** Set when the run stopped at tool calls that need a person's approval (`needsApproval`). */
  readonly interrupted?: Interrupted;
}

// The app's agents carry their own context and output types; Baton only resumes their runs.
// biome-ignore lint/suspicious/noExplicitAny: any agent graph's run state
type AnyRunState = RunState<any, any>;

/** A run stopped at tool calls waiting for approval, as the SDK left it to be resumed. */
export interface Interrupted {
  readonly state: AnyRunState;
  readonly items: readonly RunToolApprovalItem[];
  /** The SDK trace the run started: a resumed run goes on in it. */
  readonly traceId: string;
  /** What the stopped run had produced: a resumed run's result lists these again. */
  readonly before: ReadonlySet<unknown>;
}

/** A turn that resumes a stopped run once its approvals are decided (`state.approve`/`reject`). */
export interface Resumed {
  readonly resume: Interrupted;
}

/** What Baton reads from the SDK's RunResult. */
interface RunOutcome {
  readonly history: AgentInputItem[];
  readonly lastAgent: AnyAgent | undefined;
  readonly newItems: readonly RunItemLike[];
  readonly rawResponses: readonly ResponseLike[];
  readonly finalOutput?: unknown;
  readonly interruptions?: readonly RunToolApprovalItem[];
  readonly state?: AnyRunState;
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
 * SDK span is current, since Baton's own agent spans are only made afterwards. A turn that
 * resumes a run stopped for approvals goes on in that run's trace (the SDK keeps it in the run
 * state) and reads only what the run produced since it stopped.
 */
export async function runTurn(
  setup: TurnSetup,
  agent: AnyAgent,
  input: AgentInputItem[] | Resumed,
  step: number,
): Promise<TurnOutcome> {
  const { sdk } = setup;
  const parent = context.active();
  const resumed = Array.isArray(input) ? undefined : input.resume;
  const traceId = resumed?.traceId ?? sdk.generateTraceId();
  const recording = setup.processor.open(traceId);
  // What each agent was handed when it started: a handoff's receiver gets the filtered history.
  const starts: AgentStart[] = [];
  const onStart = (_: unknown, started: AnyAgent, items?: readonly unknown[]) =>
    starts.push({ agent: started.name, input: items ?? [] });
  setup.runner.on('agent_start', onStart);
  let result: RunOutcome | undefined;
  let failure: unknown;
  const options = {
    signal: setup.signal,
    ...(setup.runContext !== undefined && { context: setup.runContext }),
    ...(setup.maxTurns !== undefined && { maxTurns: setup.maxTurns }),
  };
  try {
    result = await withAgentResolver(currentAgent(setup, traceId, recording), () =>
      resumed
        ? setup.runner.run(agent, resumed.state, options)
        : sdk.withTrace(
            `baton ${setup.caseId} step ${step}`,
            () => setup.runner.run(agent, input as AgentInputItem[], options),
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
  const run = result ?? runBeforeError(sdk, failure);
  const since = <T>(list: readonly T[]) =>
    resumed ? list.filter((x) => !resumed.before.has(x)) : list;
  const items = since(run.newItems);
  const rawResponses = since(run.rawResponses);
  const tools = handoffTools(agent, sdk.getHandoff);
  const calls = [...handoffCalls(items), ...filteredHandoffCalls(rawResponses, tools, items)];
  const spans = mapSdkSpans(recording.spans, calls, setup.rules, starts);
  const speaker = nameOf((result?.lastAgent ?? agent).name, setup.rules);
  const waiting = result?.interruptions ?? [];
  // A run stopped for approvals has no final output yet (the SDK warns when it is read).
  const reply =
    waiting.length === 0
      ? replySpan(result?.finalOutput, speaker, spans, `${traceId}:reply`)
      : undefined;
  if (reply) spans.push(reply);
  emitPlannedSpans(setup.tracer, parent, spans);
  // A resumed run goes on in a trace the stopped turn already proved Baton hears.
  if (!recording.sawTrace && resumed === undefined) {
    throw new TracingLostError(
      `Failed to record step ${step} of case ${setup.caseId}: Baton's trace processor heard nothing of the run. Something changed the SDK's tracing after Baton set it up (setTraceProcessors, setTracingDisabled(true), setDefaultOpenAITracingExporter, or a second copy of @openai/agents); leave tracing to Baton while it runs.`,
    );
  }
  if (result !== undefined && failure === undefined) {
    const outcome = { history: result.history, lastAgent: result.lastAgent ?? agent, spans };
    if (waiting.length === 0 || result.state === undefined) return outcome;
    const before = new Set<unknown>([...result.newItems, ...result.rawResponses]);
    return { ...outcome, interrupted: { state: result.state, items: waiting, traceId, before } };
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
