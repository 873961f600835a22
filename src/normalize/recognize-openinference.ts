import { ATTR, GENAI } from '../conventions/attributes.ts';
import { builtInHandoffReceiver } from '../conventions/handoff-tools.ts';
import { lastMemo } from '../last-memo.ts';
import type { TimelineEvent } from '../model/timeline.ts';
import { str } from './attrs.ts';
import { langGraphAgentOf, langGraphAgents } from './langgraph-nodes.ts';
import { handoffFrom } from './lazy-handoff.ts';
import { handoffCallArgs } from './openinference-handoff-args.ts';
import { receiverHistory } from './receiver-history.ts';
import { eventBase, type Recognizer } from './recognizer.ts';
import { SpanIndex } from './span-index.ts';
import type { SpanRecord } from './span-record.ts';
import { toolCallFrom } from './tool-call.ts';

/** OpenInference attributes Baton reads (Arize OpenInference semantic conventions). */
export const OPENINFERENCE = {
  kind: 'openinference.span.kind',
  agentName: 'agent.name',
  nodeId: 'graph.node.id',
  nodeParentId: 'graph.node.parent_id',
  toolName: 'tool.name',
  toolParameters: 'tool.parameters',
  input: 'input.value',
  sessionId: 'session.id',
} as const;

const HANDOFF_NAME = /^handoff to (.+)$/;

/**
 * OpenInference shape (Phoenix/Arize; what its OpenAI Agents, CrewAI and LangChain
 * instrumentations export): an AGENT span is an agent turn; a TOOL span named `handoff to <agent>`
 * (the Agents SDK processor) or whose tool is `transfer_to_<agent>` or `handoff_to_<agent>` is a handoff from the nearest
 * agent above it, or else from the agent's `graph.node.parent_id`; `input.value` is the payload
 * (for `handoff to <agent>`, the handoff tool's arguments in the sender's model call before it),
 * and the receiver's first model input after it is the history it was handed.
 * Any other TOOL span is a tool call (`tool.name`, else the span name; arguments in `input.value`).
 */
export const recognizeOpenInference: Recognizer = (span, index): TimelineEvent | undefined => {
  const a = span.attributes;
  const kind = str(a, OPENINFERENCE.kind);
  if (kind === undefined) return undefined;
  if (kind === 'AGENT') {
    const agent = openInferenceAgent(span, index);
    return agent === undefined
      ? undefined
      : { kind: 'agent_turn', ...eventBase(span, index), agent, end: span.end };
  }
  if (kind !== 'TOOL') return undefined;
  const tool = str(a, OPENINFERENCE.toolName);
  const named = HANDOFF_NAME.exec(span.name)?.[1];
  const to = named ?? builtInHandoffReceiver(tool ?? '');
  if (to === undefined) {
    const name = tool ?? span.name;
    return name === ''
      ? undefined
      : toolCallFrom(span, index, { tool: name, args: a[OPENINFERENCE.input] });
  }
  const from = nearestAgent(span, index) ?? graphParentOf(to, span.start, index);
  if (from === undefined) return undefined;
  const raw =
    named === undefined
      ? (a[OPENINFERENCE.input] ?? a[OPENINFERENCE.toolParameters])
      : agentsSdkPayload(span, to, index);
  // The receiver's first model call shows the conversation it was handed (judged only when the
  // handoff sends no envelope: the SDK's default handoff, a bare transfer tool).
  const history = receiverHistory(span, to, index, (s) => nearestAgent(s, index));
  return handoffFrom(span, index, {
    from,
    to,
    reason: str(a, ATTR.handoffReason),
    raw,
    ...(history && { history }),
  });
};

/**
 * The payload of the Agents SDK processor's `handoff to <agent>` span: arguments it recorded
 * itself (JSON in `input.value`), else those the sender's model gave the handoff tool. Its
 * `input.value` as plain text is the sender's name, not an envelope.
 */
function agentsSdkPayload(span: SpanRecord, to: string, index: SpanIndex): unknown {
  const input = span.attributes[OPENINFERENCE.input];
  if (typeof input === 'string' && /^\s*[{[]/.test(input)) return input;
  return handoffCallArgs(span, to, index);
}

/**
 * The agent an OpenInference AGENT span stands for: `agent.name`, else `graph.node.id`, else the
 * LangGraph agent node it runs in (langgraph-nodes.ts), else its name — except for the Agents
 * SDK processor's workflow span (see `isWorkflowSpan`), which names a workflow, not an agent.
 */
function openInferenceAgent(span: SpanRecord, index: SpanIndex): string | undefined {
  const a = span.attributes;
  const named = str(a, OPENINFERENCE.agentName) ?? str(a, OPENINFERENCE.nodeId);
  if (named !== undefined) return named;
  // Inside one agent of a LangGraph multi-agent graph: that agent (its span is `agent`).
  const node = langGraphAgentOf(span, index);
  if (node !== undefined) return node;
  return span.name === '' || isWorkflowSpan(span, index) ? undefined : span.name;
}

/**
 * The span openinference-instrumentation-openai-agents writes for a whole `Runner.run` (the SDK's
 * trace): an AGENT span named after the workflow, with neither `agent.name` nor `graph.node.id`,
 * holding the run's agent spans, which carry them. It sits wherever the run was started — a
 * trace root, or under an HTTP server or task span — so it is known by that shape: a nameless
 * AGENT span with a named AGENT span right under it. A nameless root (or one right under Baton's
 * step span) is a workflow too: older processors wrote agent spans without names.
 */
function isWorkflowSpan(span: SpanRecord, index: SpanIndex): boolean {
  if (workflowParents(index).has(span.spanId)) return true;
  const parent = index.parent(span);
  return parent === undefined || SpanIndex.stepIndexOf(parent) !== undefined;
}

/** The ids of the spans a named OpenInference AGENT span sits right under. */
const workflowParents = lastMemo((index: SpanIndex) => {
  const parents = new Set<string>();
  for (const s of index.spans) {
    if (s.parentId === undefined || str(s.attributes, OPENINFERENCE.kind) !== 'AGENT') continue;
    const a = s.attributes;
    if (str(a, OPENINFERENCE.agentName) !== undefined || str(a, OPENINFERENCE.nodeId) !== undefined)
      parents.add(s.parentId);
  }
  return parents;
});

/**
 * The agent a span itself says is acting, in any shape Baton knows: Baton's, GenAI's, OpenInference's
 * (`agent.name`, AGENT spans) and OpenAI Agents SDK span data flattened into attributes.
 */
export function agentNameOf(span: SpanRecord, index: SpanIndex): string | undefined {
  const a = span.attributes;
  const direct = str(a, ATTR.agent) ?? str(a, GENAI.agentName) ?? str(a, OPENINFERENCE.agentName);
  if (direct !== undefined) return direct;
  const kind = str(a, OPENINFERENCE.kind);
  if (kind === 'AGENT') return openInferenceAgent(span, index);
  // Only a CHAIN span can be an agent's node of a LangGraph graph: other traces never look.
  if (kind === 'CHAIN') {
    const node = langGraphAgents(index).get(span.spanId);
    if (node !== undefined) return node;
  }
  if ((str(a, 'type') ?? str(a, 'span_data.type')) === 'agent')
    return str(a, 'name') ?? str(a, 'span_data.name');
  return undefined;
}

/** The nearest agent at or above a span, in any shape. */
export function nearestAgent(span: SpanRecord, index: SpanIndex): string | undefined {
  return index.nearest(span, (s) => agentNameOf(s, index));
}

/** OpenInference's graph parents by node id, each node's in start order. */
const graphParents = lastMemo((index: SpanIndex) => {
  const byNode = new Map<string, { start: number; from: string }[]>();
  for (const s of index.spans) {
    const node = str(s.attributes, OPENINFERENCE.nodeId);
    const from = str(s.attributes, OPENINFERENCE.nodeParentId);
    if (node === undefined || from === undefined) continue;
    const list = byNode.get(node) ?? [];
    list.push({ start: s.start, from });
    byNode.set(node, list);
  }
  for (const list of byNode.values()) list.sort((x, y) => x.start - y.start);
  return byNode;
});

/**
 * Who handed off to `agent`, as OpenInference's graph attributes record it on the receiving
 * agent's span: the first such span that starts after the handoff, else the last one before.
 */
function graphParentOf(agent: string, at: number, index: SpanIndex): string | undefined {
  const list = graphParents(index).get(agent) ?? [];
  return (list.find((e) => e.start >= at) ?? list.at(-1))?.from;
}
