import {
  type Attributes,
  type Context,
  context,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { preciseNow } from '../../capture/clock.ts';
import { ATTR, EVENT, GENAI } from '../../conventions/attributes.ts';
import { MODEL_TRAFFIC_ATTR } from '../../conventions/model-traffic.ts';
import { asksSomething } from '../../model/asking.ts';
import { VIA_ACTIVE_AGENT, VIA_GRAPH_NODE } from '../../normalize/inferred-handoffs.ts';
import { acceptAttributes, emitQuestion, handoffAttributes } from '../../public/conventions.ts';
import { historyText } from './history-text.ts';
import type { CameBack, Observation, Transfer } from './observations.ts';
import type { NodeRun, ToolRun } from './run-observer.ts';
import { isTransferTool } from './transfer-calls.ts';

const ACCEPT_AFTER_MS = 0.01;
/** A move is stamped this long before its receiver's run starts, so the two never tie. */
const MOVE_BEFORE_MS = 0.001;

/** When things of one update really happened, from the run observer. */
export interface UpdateTiming {
  /** The run of a node whose update this is. */
  readonly runs: ReadonlyMap<string, NodeRun>;
  /** The tool run of a model's tool call, by call id. */
  toolCall(callId: string): ToolRun | undefined;
  /** When the last run of a node in this turn ended (the sender of a move). */
  ended?(node: string): number | undefined;
  /** The model response (one that made several calls) a tool run carries out a call of. */
  responseOf?(tool: ToolRun): string | undefined;
}

/**
 * Writes observations as Baton's span conventions under the active context (the step span):
 * an agent node's update is an agent turn holding its acceptance and its handoffs; a person's or
 * another node's handoffs stand alone. Interrupts are not spans: the handoff to the person that
 * caused one is already recorded, and Baton records the person's decision step itself.
 *
 * With timing, each span gets the time it really happened: the agent turn spans its node's run,
 * the acceptance its start, a handoff its transfer tool's run (else the end of the sender's
 * node; a move, just before its receiver's run). Without it (or when a run was not seen) they
 * are stamped now, as the update arrives.
 */
export function emitObservations(
  observations: readonly Observation[],
  tracer: Tracer,
  timing?: UpdateTiming,
): void {
  for (const o of observations) {
    if (o.kind === 'move') emitMove(o.transfer, tracer, timing);
    if (o.kind !== 'node') continue;
    const run = timing?.runs.get(o.node);
    const now = preciseNow();
    const start = run?.start ?? now;
    let parent = context.active();
    const turn =
      o.role === 'agent'
        ? tracer.startSpan(
            `agent ${o.node}`,
            { startTime: start, attributes: { [ATTR.event]: EVENT.agent, [ATTR.agent]: o.node } },
            parent,
          )
        : undefined;
    if (turn) parent = trace.setSpan(parent, turn);
    // The turn opens, then the node takes the work: 10 µs later, so the two never tie.
    if (o.acceptedFrom !== undefined) {
      const attributes = acceptAttributes(o.node, o.acceptedFrom);
      timed(tracer, `accept ${o.node}`, attributes, start + ACCEPT_AFTER_MS, parent);
    }
    for (const t of o.transfers) {
      const tool = t.callId === undefined ? undefined : timing?.toolCall(t.callId);
      const at = tool?.start ?? run?.end ?? now;
      const attributes = transferAttributes(t);
      // Decided with the response's other calls, which ran beside it: no order against them.
      const response = tool && timing?.responseOf?.(tool);
      if (response !== undefined) attributes[MODEL_TRAFFIC_ATTR.response] = response;
      timed(tracer, `handoff ${t.from} -> ${t.to}`, attributes, at, parent);
    }
    turn?.end(Math.max(run?.end ?? now, start));
  }
}

/**
 * A move between participant nodes: a handoff of its own beside the turns, under the step, just
 * before its receiver's run began. Side-by-side receivers start in the order LangGraph scheduled
 * them, which the order they finish in (and send their updates) does not change.
 */
function emitMove(t: Transfer, tracer: Tracer, timing: UpdateTiming | undefined): void {
  const received = timing?.runs.get(t.to)?.start;
  const at =
    received === undefined
      ? (timing?.ended?.(t.from) ?? preciseNow())
      : Math.max(received - MOVE_BEFORE_MS, timing?.ended?.(t.from) ?? -Infinity);
  timed(tracer, `handoff ${t.from} -> ${t.to}`, transferAttributes(t), at, context.active());
}

/**
 * Writes the turn's tool runs (all but transfer tools, which are handoffs) as OpenTelemetry GenAI
 * `execute_tool` spans at their real times, each naming the agent whose node ran it, and the
 * model response it carries out a call of when that response made several (`responseOf`).
 */
export function emitToolRuns(
  tools: readonly ToolRun[],
  tracer: Tracer,
  responseOf?: (tool: ToolRun) => string | undefined,
): void {
  const parent = context.active();
  for (const t of tools) {
    if (isTransferTool(t.name)) continue;
    const response = responseOf?.(t);
    const attributes: Attributes = {
      ...(response !== undefined && { [MODEL_TRAFFIC_ATTR.response]: response }),
      [GENAI.operation]: 'execute_tool',
      [GENAI.toolName]: t.name,
      [GENAI.toolArgs]: t.input,
      ...(t.callId !== undefined && { [GENAI.toolCallId]: t.callId }),
      ...(t.agent !== undefined && { [GENAI.agentName]: t.agent }),
      ...(t.outcome === 'error' && { [GENAI.errorType]: 'tool_error' }),
    };
    const span = tracer.startSpan(
      `execute_tool ${t.name}`,
      { startTime: t.start, attributes },
      parent,
    );
    if (t.outcome === 'error')
      span.setStatus({ code: SpanStatusCode.ERROR, message: `${t.name} failed` });
    span.end(Math.max(t.end ?? preciseNow(), t.start));
  }
}

/**
 * The return of a call-like handoff: the transfer tool that waited for a person's decision
 * returned at `at`, handing the work back to its agent (Baton's `return` span).
 */
export function emitReturn(back: CameBack, at: number, tracer: Tracer): void {
  const attributes: Attributes = {
    [ATTR.event]: EVENT.return,
    [ATTR.returnBy]: back.by,
    [ATTR.returnTo]: back.to,
  };
  timed(tracer, `return ${back.by} -> ${back.to}`, attributes, at, context.active());
}

function transferAttributes(t: Transfer): Attributes {
  const attributes = handoffAttributes({
    from: t.from,
    to: t.to,
    targetKind: t.targetKind,
    ...(t.reason !== undefined && { reason: t.reason }),
    ...(t.payload !== undefined && { payload: t.payload }),
    ...(t.autoReturn && { autoReturn: true }),
    ...(t.fanOut !== undefined && { fanOut: t.fanOut }),
    // Written out here, once per handoff: the messages are shared with the graph until then.
    ...(t.history !== undefined && { history: historyText(t.history) }),
  });
  // Inferred from the state or the nodes that ran: a handoff span the node wrote itself for the
  // same move wins.
  if (t.via === 'active_agent') attributes[MODEL_TRAFFIC_ATTR.via] = VIA_ACTIVE_AGENT;
  if (t.via === 'graph_node') attributes[MODEL_TRAFFIC_ATTR.via] = VIA_GRAPH_NODE;
  return attributes;
}

function timed(tracer: Tracer, name: string, attributes: Attributes, at: number, parent: Context) {
  tracer.startSpan(name, { startTime: at, attributes }, parent).end(at);
}

/** The last reply among a turn's observations so far. */
export function lastReply(
  observations: readonly Observation[],
  before: { readonly by: string; readonly text: string } | undefined,
): { readonly by: string; readonly text: string } | undefined {
  let reply = before;
  for (const o of observations) if (o.kind === 'node' && o.reply) reply = o.reply;
  return reply;
}

/** The turn's last AI message, when it asks the customer something, as Baton's question span. */
export function emitReply(
  reply: { readonly by: string; readonly text: string } | undefined,
  tracer: Tracer,
): void {
  if (reply === undefined || !asksSomething(reply.text)) return;
  emitQuestion({ by: reply.by, to: 'customer', text: reply.text }, tracer);
}
