import { ATTR, EVENT } from '../conventions/attributes.ts';
import { builtInHandoffReceiver } from '../conventions/handoff-tools.ts';
import { lastMemo } from '../last-memo.ts';
import type { TimelineEvent } from '../model/timeline.ts';
import { str } from './attrs.ts';
import { handoffFrom } from './lazy-handoff.ts';
import { nearestAgent } from './recognize-openinference.ts';
import { eventBase, type Recognizer } from './recognizer.ts';
import type { SpanIndex } from './span-index.ts';
import type { SpanRecord } from './span-record.ts';
import { toolCallFrom } from './tool-call.ts';

/** Attributes of the Vercel AI SDK's own telemetry (`experimental_telemetry: { isEnabled }`). */
export const AI_SDK = {
  operation: 'ai.operationId',
  functionId: 'ai.telemetry.functionId',
  toolName: 'ai.toolCall.name',
  toolArgs: 'ai.toolCall.args',
} as const;

/** The AI SDK calls whose span is one agent's turn with its model. */
const TURNS = new Set(['ai.generateText', 'ai.streamText', 'ai.generateObject', 'ai.streamObject']);

/**
 * The Vercel AI SDK's telemetry: a `generateText`/`streamText` (or object) span whose
 * `ai.telemetry.functionId` names the agent is that agent's turn; an `ai.toolCall` span is a tool
 * call (`ai.toolCall.name`, its arguments in `ai.toolCall.args`, an error status when `execute`
 * threw), and one of a built-in handoff tool (`transfer_to_<agent>`, `handoff_to_<agent>`) is a
 * handoff with those arguments as its envelope. The agent is the nearest agent turn above the
 * span in any shape (Baton's `withAgentTurn` first), else the call's `functionId`. A tool call
 * that already holds Baton's own span for it (`emitHandoff` or `withToolCall` inside `execute`) is
 * left to that span, so nothing counts twice.
 */
export const recognizeAiSdk: Recognizer = (span, index): TimelineEvent | undefined => {
  const a = span.attributes;
  const operation = str(a, AI_SDK.operation);
  if (operation === undefined) return undefined;
  if (TURNS.has(operation)) {
    const agent = str(a, AI_SDK.functionId);
    // Inside an agent turn of another shape (Baton's withAgentTurn), that turn is the agent's.
    if (agent === undefined || nearestAgent(span, index) !== undefined) return undefined;
    return { kind: 'agent_turn', ...eventBase(span, index), agent, end: span.end };
  }
  if (operation !== 'ai.toolCall') return undefined;
  const tool = str(a, AI_SDK.toolName);
  if (tool === undefined || tool === '' || batonCovered(index).has(span.spanId)) return undefined;
  const agent = aiSdkAgent(span, index);
  const to = builtInHandoffReceiver(tool);
  if (to === undefined) {
    const call = toolCallFrom(span, index, { tool, args: a[AI_SDK.toolArgs] });
    return call.agent === undefined && agent !== undefined ? { ...call, agent } : call;
  }
  const from = agent;
  if (from === undefined) return undefined;
  return handoffFrom(span, index, {
    from,
    to,
    reason: str(a, ATTR.handoffReason),
    raw: a[AI_SDK.toolArgs],
  });
};

/** The agent at a span: the nearest agent turn of any shape, else the AI SDK call's functionId. */
function aiSdkAgent(span: SpanRecord, index: SpanIndex): string | undefined {
  return (
    nearestAgent(span, index) ?? index.nearest(span, (s) => str(s.attributes, AI_SDK.functionId))
  );
}

/** Spans above one of Baton's own handoff or tool-call spans: those already say what happened. */
const batonCovered = lastMemo(
  (index: SpanIndex): ReadonlySet<string> =>
    index.ancestorsOf((s) => {
      const event = str(s.attributes, ATTR.event);
      return event === EVENT.handoff || event === EVENT.toolCall;
    }),
);
