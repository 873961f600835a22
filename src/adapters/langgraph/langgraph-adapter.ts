import { dirname, relative, resolve } from 'node:path';
import { withAgentResolver } from '../../capture/agent-context.ts';
import { withResponseResolver } from '../../capture/response-context.ts';
import { BatonError } from '../../errors.ts';
import { thrownAt } from '../../io/user-frame.ts';
import type { Case } from '../../model/labelled-case.ts';
import type { Adapter, CaseContext } from '../adapter.ts';
import type { AppModule } from '../app-import.ts';
import { approverRules } from '../approvals.ts';
import { caseBasics } from '../case-basics.ts';
import { emitHalt } from '../halt-span.ts';
import { ApprovalWaits } from './approval-waits.ts';
import {
  emitObservations,
  emitReply,
  emitReturn,
  emitToolRuns,
  lastReply,
} from './emit-observations.ts';
import { checkEntered, inputAtEntry, planEntry } from './entry.ts';
import type { GraphApp, GraphCase, StreamableGraph, TurnInfo } from './graph-app.ts';
import { checkGraph, checkGraphApp, loadGraphAppFactory, messageOf } from './load-graph-app.ts';
import type { UpdateMapper } from './observations.ts';
import { agentOfRun, RunObserver, type ToolRun } from './run-observer.ts';
import type { LangGraphRuntime } from './runtime.ts';
import { isTransferTool } from './transfer-calls.ts';
import { ACTIVE_AGENT, createUpdateMapper } from './update-mapper.ts';

export interface LangGraphAdapterConfig {
  readonly path: string;
  readonly options: Readonly<Record<string, unknown>>;
}

type Runtime = LangGraphRuntime;

/**
 * Drives a LangGraph multi-agent graph (swarm, supervisor, any StateGraph) through cases: one
 * thread per case run, one graph turn per step inside Baton's step span, streamed in `updates`
 * mode and mapped to Baton's spans (agent turns, handoffs, acceptances, tool calls), timed by
 * LangChain callbacks. LangGraph loads only in `setup()`, from the app's own installation, so
 * suites that use other adapters never load it.
 */
export function createLangGraphAdapter(config: LangGraphAdapterConfig, suiteFile: string): Adapter {
  const suiteDir = dirname(suiteFile);
  const source = {
    file: resolve(suiteDir, config.path),
    given: config.path,
    suite: relative(process.cwd(), suiteFile) || suiteFile,
  };
  let loaded: { app: GraphApp; runtime: Runtime } | undefined;
  let runs = 0;
  return {
    name: `langgraph ${config.path}`,
    async setup() {
      const factory = await loadGraphAppFactory(source);
      const runtime = await loadRuntime({
        file: source.file,
        given: source.given,
        what: 'LangGraph app',
      });
      let app: unknown;
      try {
        app = await factory(config.options, { suiteDir });
      } catch (error) {
        throw new BatonError(
          'adapter.load',
          `Failed to start the LangGraph app ${config.path}: its factory threw ${messageOf(error)}${thrownAt(error)}. Fix the code it points at, or adapter.options in ${source.suite}.`,
        );
      }
      const checked = checkGraphApp(app, source);
      if (checked.graph) runtime.attachCheckpointer(checked.graph);
      loaded = { app: checked, runtime };
    },
    async runCase(testCase, ctx) {
      if (!loaded) throw new Error('the langgraph adapter was not set up');
      runs += 1;
      const threadId = `baton:${testCase.id}:${ctx.repeat}:${runs}`;
      await runOnThread(loaded, testCase, ctx, threadId);
      return undefined;
    },
    async teardown() {
      await loaded?.app.close?.();
    },
  };
}

async function runOnThread(
  { app, runtime }: { app: GraphApp; runtime: Runtime },
  testCase: Case,
  ctx: CaseContext,
  threadId: string,
): Promise<void> {
  const session = await openCase(app, testCase, ctx, threadId);
  runtime.attachCheckpointer(session.graph);
  const agents = app.agents ?? testCase.agents;
  const persons = app.persons ?? testCase.persons;
  const activeAgentKey = app.activeAgentKey ?? ACTIVE_AGENT;
  const mapper = createUpdateMapper({ agents, persons, activeAgentKey });
  const known = new Set(agents);
  const participants = new Set([...agents, ...persons]);
  // A case that names its entry starts there, or errors saying why the graph cannot.
  let entry = planEntry(testCase, session.graph, participants, activeAgentKey);
  let ran = false;
  let halted = false;
  const approvals = new ApprovalWaits(approverRules(app.approvals), testCase, ctx.tracer);
  try {
    for (let i = 0; i < testCase.steps.length && !halted; i++) {
      if (ctx.aborted) return;
      await ctx.step(i, async (step) => {
        const atEntry = ran ? undefined : entry;
        const decided = approvals.answer(step, i, mapper);
        const defaultInput =
          decided === undefined
            ? runtime.defaultInput(step, mapper.interrupted)
            : runtime.resume(decided);
        const turn: TurnInfo = {
          index: i,
          caseId: testCase.id,
          threadId,
          interrupted: mapper.interrupted,
          current: mapper.current,
          ...(atEntry && { entry: atEntry.entry }),
          defaultInput: inputAtEntry(defaultInput, atEntry),
        };
        const input = app.input ? await app.input(step, turn) : turn.defaultInput;
        if (input === undefined) return;
        ran = true;
        approvals.turnRuns(mapper);
        const observer = new RunObserver(known, i);
        const options = streamOptions(app, ctx, threadId, observer);
        // A tool's request is the agent's whose node (or subgraph) runs it, as LangChain's
        // run config in the tool's async context tells.
        const agentNow = () => agentOfRun(runtime.runMetadata(), known);
        // And the model response whose call it carries out, when that response made several.
        const responseNow = () => observer.responseOfRun(runtime.currentRunId());
        try {
          await withAgentResolver(agentNow, () =>
            withResponseResolver(responseNow, () =>
              runTurn(session.graph, input, options, mapper, ctx, observer),
            ),
          );
        } catch (error) {
          const halt = runtime.haltOf(error, mapper.current);
          if (halt === undefined) throw error;
          // The graph's own doing: judged on what it did, and the case ends at this step.
          emitHalt(ctx.tracer, halt);
          halted = true;
        }
        if (!halted) approvals.afterTurn(i, mapper);
        if (entry && mapper.entered !== undefined) {
          checkEntered(testCase, entry, mapper.entered, app.input !== undefined);
          entry = undefined;
        }
      });
    }
    if (halted) await endAfterHalt(session);
    else await session.end?.();
  } finally {
    await runtime.releaseThread(session.graph, threadId);
  }
}

/**
 * Ends a case the graph stopped: its `end()` still closes what it holds, but what it asserts
 * about the steps that never ran (scripts left unconsumed) says nothing, so a throw is dropped.
 */
async function endAfterHalt(session: GraphCase): Promise<void> {
  try {
    await session.end?.();
  } catch {
    // The halt is the case's verdict; see above.
  }
}

async function openCase(
  app: GraphApp,
  testCase: Case,
  ctx: CaseContext,
  threadId: string,
): Promise<GraphCase> {
  if (!app.startCase) return { graph: app.graph as StreamableGraph };
  const session = await app.startCase(Object.assign(caseBasics(testCase, ctx), { threadId }));
  checkGraph(session?.graph, `the graph startCase() returned for ${testCase.id}`);
  return session;
}

function streamOptions(app: GraphApp, ctx: CaseContext, threadId: string, observer: RunObserver) {
  return {
    configurable: { thread_id: threadId },
    streamMode: 'updates',
    signal: ctx.signal,
    callbacks: [observer.handler()],
    ...(app.recursionLimit !== undefined && { recursionLimit: app.recursionLimit }),
  };
}

/**
 * Runs one graph turn and writes what each update shows as spans under the step span, at the
 * times the observer saw; the turn's tool calls are written when it ends (also when it throws).
 */
export async function runTurn(
  graph: StreamableGraph,
  input: unknown,
  options: unknown,
  mapper: UpdateMapper,
  ctx: Pick<CaseContext, 'tracer'>,
  observer?: RunObserver,
): Promise<void> {
  mapper.beginTurn();
  try {
    const stream = await graph.stream(input, options);
    let reply: Parameters<typeof emitReply>[0];
    // Whether a call ran as a tool tells createSupervisor's own hand-back from a model's call.
    const ran = observer && ((id: string) => observer.toolCall(id) !== undefined);
    for await (const chunk of stream) {
      const timing = observer && {
        runs: observer.takeRuns(chunk),
        toolCall: (id: string) => observer.toolCall(id),
        ended: (node: string) => observer.lastEnd(node),
        responseOf: (tool: ToolRun) => observer.responseOf(tool),
      };
      const runOf = timing && ((node: string) => timing.runs.get(node));
      const observations = mapper.consume(chunk, ran, runOf);
      emitObservations(observations, ctx.tracer, timing);
      reply = lastReply(observations, reply);
    }
    if (observer) emitInterrupted(mapper, ctx, observer);
    emitReply(reply, ctx.tracer);
  } finally {
    if (observer) {
      emitToolRuns(observer.tools, ctx.tracer, (t) => observer.responseOf(t));
      for (const t of observer.tools) {
        if (t.outcome !== 'ok' || t.end === undefined || !isTransferTool(t.name)) continue;
        const back = mapper.cameBack(t.callId);
        if (back) emitReturn(back, t.end, ctx.tracer);
      }
    }
  }
}

/**
 * A transfer tool that waits in `interrupt()` (a person approves the refund) ends the turn before
 * its node sends an update: the handoff, the agent's turn and its taking the work happened in this
 * turn, at the times the observer saw, not when the graph resumes. So does a person node that
 * waits in `interrupt()` after a `Command({ goto })` brought it the work.
 */
function emitInterrupted(
  mapper: UpdateMapper,
  ctx: Pick<CaseContext, 'tracer'>,
  observer: RunObserver,
) {
  const runOf = (node: string) => observer.untakenRun(node);
  const late = mapper.interruptedTransfers(
    observer.tools.filter((t) => isTransferTool(t.name)),
    runOf,
  );
  const toolCall = (id: string) => observer.toolCall(id);
  const ended = (node: string) => observer.lastEnd(node);
  if (late.length > 0) {
    const nodes = late.flatMap((o) => (o.kind === 'node' ? [o.node] : []));
    emitObservations(late, ctx.tracer, { runs: observer.untakenRuns(nodes), toolCall, ended });
  }
  const waiting = mapper.waitingNodes(observer.untakenNodes(), runOf);
  if (waiting.length === 0) return;
  const nodes = waiting.flatMap((o) =>
    o.kind === 'node' ? [o.node] : o.kind === 'move' ? [o.transfer.to] : [],
  );
  emitObservations(waiting, ctx.tracer, { runs: observer.untakenRuns(nodes), toolCall, ended });
}

async function loadRuntime(app: AppModule): Promise<Runtime> {
  const { loadRuntime: load } = await import('./runtime.ts');
  return load(app);
}
