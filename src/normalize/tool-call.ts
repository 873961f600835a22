import type { ToolCallEvent } from '../model/timeline.ts';
import { parseJson } from './attrs.ts';
import { nearestAgent } from './recognize-openinference.ts';
import type { SpanIndex } from './span-index.ts';
import type { SpanRecord } from './span-record.ts';

/** What a recognizer found in a tool span: the rest (step, time, agent) comes from the span. */
export interface ToolCallFound {
  readonly tool: string;
  /** The arguments as the span carried them: JSON text, other text, or a structured value. */
  readonly args?: unknown;
  /** The span's own shape says the call failed (an error attribute), whatever its status. */
  readonly failed?: boolean;
}

/**
 * The tool call a recognizer found in `span`, by the nearest agent at or above it, placed at the
 * span's step and time. It failed when the span's status is an error or its shape says so.
 */
export function toolCallFrom(
  span: SpanRecord,
  index: SpanIndex,
  found: ToolCallFound,
): ToolCallEvent {
  const agent = nearestAgent(span, index);
  const args = typeof found.args === 'string' ? parseJson(found.args) : found.args;
  return {
    kind: 'tool_call',
    step: index.step(span),
    at: span.start,
    spanId: span.spanId,
    tool: found.tool,
    ...(agent !== undefined && { agent }),
    ...(args !== undefined && args !== '' && { args }),
    outcome: found.failed || span.status === 'error' ? 'error' : 'ok',
  };
}
