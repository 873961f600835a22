import { SDK_ATTR } from '../conventions/agents-sdk.ts';
import { ATTR, GENAI } from '../conventions/attributes.ts';
import type { TimelineEvent } from '../model/timeline.ts';
import { str } from './attrs.ts';
import { handoffFrom } from './lazy-handoff.ts';
import { nearestAgent } from './recognize-openinference.ts';
import { eventBase, type Recognizer } from './recognizer.ts';
import type { SpanRecord } from './span-record.ts';
import { toolCallFrom } from './tool-call.ts';

/**
 * Handoff attributes proposed for the GenAI conventions, modelled on the Agents SDK's handoff:
 * an `execute_tool transfer_to_<agent>` span naming source and target (open-telemetry/
 * semantic-conventions-genai#98), and the earlier `gen_ai.handoff.*` spelling some bridges write.
 */
export const GENAI_HANDOFF = {
  source: 'gen_ai.agent.handoff.source.name',
  target: 'gen_ai.agent.handoff.target.name',
  sourceAlt: 'gen_ai.handoff.source_agent',
  targetAlt: 'gen_ai.handoff.target_agent',
} as const;

const LOGFIRE_AGENT = 'Agent run:';

/**
 * Spans exported from the OpenAI Agents SDK. The SDK's span data is `{ type: 'handoff',
 * from_agent, to_agent }` and `{ type: 'agent', name }`; exporters that bridge it to
 * OpenTelemetry flatten it into attributes (Logfire writes `from_agent`/`to_agent` and an
 * `Agent run: …` span with `name`; others prefix `span_data.`), or write the GenAI handoff
 * proposal. A handoff without a named source comes from the nearest agent above the span. A
 * function span (`{ type: 'function', name, input }`, also as Baton's adapter records it) is a
 * tool call of the nearest agent.
 */
export const recognizeAgentsSdk: Recognizer = (span, index): TimelineEvent | undefined => {
  const a = span.attributes;
  const proposed = str(a, GENAI_HANDOFF.target) ?? str(a, GENAI_HANDOFF.targetAlt);
  const to = proposed ?? str(a, 'to_agent') ?? str(a, 'span_data.to_agent');
  if (to !== undefined) {
    const named = proposed
      ? (str(a, GENAI_HANDOFF.source) ?? str(a, GENAI_HANDOFF.sourceAlt))
      : (str(a, 'from_agent') ?? str(a, 'span_data.from_agent'));
    const from = named ?? nearestAgent(span, index);
    if (from === undefined) return undefined;
    return handoffFrom(span, index, {
      from,
      to,
      reason: str(a, ATTR.handoffReason),
      raw: proposed ? a[GENAI.toolArgs] : undefined,
    });
  }
  const tool = functionTool(span);
  if (tool !== undefined) return toolCallFrom(span, index, tool);
  const agent = sdkAgent(span);
  return agent === undefined
    ? undefined
    : { kind: 'agent_turn', ...eventBase(span, index), agent, end: span.end };
};

/** The tool of a function span: Baton's adapter's attributes, or span data flattened by an exporter. */
function functionTool(
  span: SpanRecord,
): { tool: string; args: unknown; failed: boolean } | undefined {
  const a = span.attributes;
  if (str(a, SDK_ATTR.spanType) === 'function') {
    const tool = str(a, SDK_ATTR.name);
    if (tool === undefined) return undefined;
    return { tool, args: a[SDK_ATTR.input], failed: a[SDK_ATTR.error] !== undefined };
  }
  const prefix =
    str(a, 'type') === 'function'
      ? ''
      : str(a, 'span_data.type') === 'function'
        ? 'span_data.'
        : undefined;
  if (prefix === undefined) return undefined;
  const tool = str(a, `${prefix}name`);
  if (tool === undefined) return undefined;
  return { tool, args: a[`${prefix}input`], failed: a.error !== undefined };
}

function sdkAgent(span: SpanRecord): string | undefined {
  const a = span.attributes;
  const type = str(a, 'type') ?? str(a, 'span_data.type');
  if (type === 'agent') return str(a, 'name') ?? str(a, 'span_data.name');
  // Logfire drops `type` and names the span after its message template.
  return span.name.startsWith(LOGFIRE_AGENT) ? str(a, 'name') : undefined;
}
