import type { AgentInputItem, Model, Runner } from '@openai/agents';
import { context } from '@opentelemetry/api';
import { BatonError } from '../../errors.ts';
import type { Case } from '../../model/labelled-case.ts';
import type { CaseNote } from '../../model/report.ts';
import type { Step } from '../../model/step.ts';
import type { CaseContext } from '../adapter.ts';
import { agentsOf, entryAgent } from './agent-graph.ts';
import type { AgentsApp, AnyAgent, CaseAwareModel } from './app.ts';
import { SdkApprovals } from './approvals.ts';
import { emitPlannedSpans } from './emit-spans.ts';
import { ignoredHandoffNotes } from './ignored-handoffs.ts';
import { nameOf } from './map-spans.ts';
import type { MappingRules } from './options.ts';
import type { AgentsSdk } from './sdk-tracing.ts';
import { defaultStepInput, toInputItems } from './step-input.ts';
import type { BatonTraceProcessor } from './trace-processor.ts';
import { runTurn, type TurnSetup } from './turn.ts';
import { WorkHolder } from './work-holder.ts';

/** What a case run needs besides the case: the started app and Baton's tracing. */
export interface SessionSetup {
  readonly app: AgentsApp;
  /** The app's own copy of `@openai/agents`. */
  readonly sdk: AgentsSdk;
  readonly processor: BatonTraceProcessor;
  readonly rules: MappingRules;
  readonly given: string;
}

/**
 * Runs one case through the agent graph: each step is one turn, inside Baton's step span. The
 * conversation carries over (`result.history`) and the next turn starts from the agent that
 * ended the last one (`result.lastAgent`), as a chat front end would do. A turn the SDK stopped
 * as the app's own doing (maxTurns, a guardrail tripwire) ends the case there: the steps after
 * it never run, and the scripted model is not asked for the replies they would have used.
 *
 * A turn that stops at tool calls needing approval (`needsApproval`) hands the work to the
 * person who decides (`approverOf`); that person's next step approves or rejects the calls and
 * resumes the stopped run, as an app's approval screen does. A turn of any other step goes on
 * from the conversation instead, and the calls are never decided.
 */
export async function runAgentsCase(
  testCase: Case,
  ctx: CaseContext,
  setup: SessionSetup,
): Promise<CaseNote[]> {
  // What the user should know about the case's run: handoff requests the SDK ignored.
  const notes: CaseNote[] = [];
  const { app, rules, sdk } = setup;
  const participant = (sdkName: string) => nameOf(sdkName, rules);
  let agent = startAgent(setup, testCase, participant);
  const aware = caseAware(app.model);
  const runner = createRunner(sdk, app, testCase.id);
  const onAgentStart = (_: unknown, started: AnyAgent) => aware?.agentStarted?.(started);
  runner.on('agent_start', onAgentStart);
  const turns: TurnSetup = {
    sdk,
    runner,
    processor: setup.processor,
    rules,
    tracer: ctx.tracer,
    caseId: testCase.id,
    repeat: ctx.repeat,
    signal: ctx.signal,
    ...(app.context !== undefined && { runContext: app.context }),
    ...(app.maxTurns !== undefined && { maxTurns: app.maxTurns }),
  };
  const work = new WorkHolder(testCase.entry);
  let history: AgentInputItem[] = [];
  let halted = false;
  const approvals = new SdkApprovals(rules, testCase);
  const handle = async (step: Step, index: number) => {
    if (step.kind === 'person') {
      const back = work.personReturn(step, participant(agent.name), index);
      if (back) emitPlannedSpans(ctx.tracer, context.active(), [back]);
    }
    let turnInput: Parameters<typeof runTurn>[2] | undefined = approvals.answer(step, index);
    if (turnInput === undefined) {
      const input = (app.stepInput ?? defaultStepInput)(step, index);
      if (input === null) return;
      turnInput = [...history, ...toInputItems(input)];
    }
    aware?.beginStep?.(index);
    const turn = await runTurn(turns, agent, turnInput, index);
    if (turn.halted) {
      halted = true;
      return;
    }
    aware?.endStep?.(index);
    for (const note of ignoredHandoffNotes(turn.spans, index)) notes.push(note);
    work.observe(turn.spans);
    history = turn.history;
    agent = turn.lastAgent;
    const asked = approvals.afterTurn(turn.interrupted, index);
    if (asked.length > 0) {
      emitPlannedSpans(ctx.tracer, context.active(), asked);
      work.observe(asked);
    }
  };
  try {
    for (let i = 0; i < testCase.steps.length; i++) {
      if (ctx.aborted) return notes;
      await ctx.step(i, (step) => handle(step, i));
      if (halted) return notes;
    }
    aware?.endCase?.();
    return notes;
  } finally {
    runner.off('agent_start', onAgentStart);
    await app.end?.();
  }
}

function createRunner(sdk: AgentsSdk, app: AgentsApp, caseId: string): Runner {
  return new sdk.Runner({
    ...app.runConfig,
    ...(app.model !== undefined && { model: app.model }),
    ...(app.modelProvider !== undefined && { modelProvider: app.modelProvider }),
    workflowName: `baton ${caseId}`,
    // Baton's verdicts need the spans, and function spans need the tool arguments; the only
    // processor that sees them is Baton's, which exports nothing.
    tracingDisabled: false,
    traceIncludeSensitiveData: true,
  });
}

function startAgent(
  { app, sdk, given }: SessionSetup,
  testCase: Case,
  participant: (sdkName: string) => string,
): AnyAgent {
  const agent = entryAgent(app.startingAgent, testCase.entry, participant, sdk.getHandoff);
  if (agent) return agent;
  const names = agentsOf(app.startingAgent, sdk.getHandoff).map((a) => participant(a.name));
  throw new BatonError(
    'adapter.options',
    `Failed to start case ${testCase.id}: it enters at ${testCase.entry}, but the agents of ${given} are ${names.join(', ')}. Rename the agent, or map SDK names to participants with adapter.options.agent_names.`,
  );
}

function caseAware(model: Model | undefined): CaseAwareModel | undefined {
  if (model === undefined) return undefined;
  const m = model as CaseAwareModel;
  const aware = [m.beginStep, m.endStep, m.agentStarted, m.endCase].some(
    (f) => typeof f === 'function',
  );
  return aware ? m : undefined;
}
