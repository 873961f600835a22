import { ATTR, GENAI } from '../conventions/attributes.ts';
import { builtInHandoffReceiver } from '../conventions/handoff-tools.ts';
import type { TimelineEvent } from '../model/timeline.ts';
import { str } from './attrs.ts';
import { handoffFrom } from './lazy-handoff.ts';
import { receiverHistory } from './receiver-history.ts';
import { eventBase, type Recognizer } from './recognizer.ts';
import type { SpanRecord } from './span-record.ts';
import { toolCallFrom } from './tool-call.ts';

/**
 * OpenTelemetry GenAI shape: `invoke_agent {name}` spans are agent turns; an `execute_tool`
 * span whose tool is a built-in handoff tool (`transfer_to_<agent>`, `handoff_to_<agent>`) is a
 * handoff from the agent that called the tool (with the conversation its receiver's first model
 * call was given as its history); any other `execute_tool {name}` span is a tool call of the
 * nearest agent (`error.type` or an error status: it failed).
 */
export const recognizeGenAi: Recognizer = (span, index): TimelineEvent | undefined => {
  const a = span.attributes;
  const operation = str(a, GENAI.operation) ?? span.name.split(' ', 1)[0];
  if (operation === 'invoke_agent') {
    const agent = str(a, GENAI.agentName);
    return agent === undefined
      ? undefined
      : { kind: 'agent_turn', ...eventBase(span, index), agent, end: span.end };
  }
  if (operation !== 'execute_tool') return undefined;
  const tool = str(a, GENAI.toolName) ?? span.name.slice('execute_tool '.length);
  const target = builtInHandoffReceiver(tool);
  if (target === undefined) {
    if (tool === '') return undefined;
    const failed = a[GENAI.errorType] !== undefined;
    return toolCallFrom(span, index, { tool, args: a[GENAI.toolArgs], failed });
  }
  const agentAt = (at: SpanRecord) => index.nearest(at, (s) => str(s.attributes, GENAI.agentName));
  const from = agentAt(span);
  if (from === undefined) return undefined;
  const history = receiverHistory(span, target, index, agentAt);
  return handoffFrom(span, index, {
    from,
    to: target,
    reason: str(a, ATTR.handoffReason),
    raw: a[GENAI.toolArgs],
    ...(history && { history }),
  });
};
