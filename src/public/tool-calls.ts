import type { Attributes, Tracer } from '@opentelemetry/api';
import { ATTR, EVENT } from '../conventions/attributes.ts';
import { emitSpan, tracerOf } from './emit-span.ts';

/** One tool call: which tool, with which arguments, how it ended, by whom. */
export interface ToolCallSpec {
  /** The tool's name as the agent calls it, e.g. `lookup_order`. */
  readonly tool: string;
  /** The arguments; objects are written as JSON text. */
  readonly args?: unknown;
  /** ok: the tool answered; error: it failed. Absent: unknown. */
  readonly outcome?: 'ok' | 'error';
  /** Who called it; absent: the agent of the enclosing agent turn. */
  readonly agent?: string;
}

function attributesOf(spec: Omit<ToolCallSpec, 'outcome'>): Attributes {
  const attributes: Attributes = { [ATTR.event]: EVENT.toolCall, [ATTR.toolName]: spec.tool };
  if (spec.args !== undefined) {
    attributes[ATTR.toolArgs] =
      typeof spec.args === 'string' ? spec.args : JSON.stringify(spec.args);
  }
  if (spec.agent !== undefined) attributes[ATTR.agent] = spec.agent;
  return attributes;
}

/** Records that a tool was called (docs/conventions.md); tool-trajectory labels judge these. */
export function emitToolCall(spec: ToolCallSpec, tracer?: Tracer): void {
  const attributes = attributesOf(spec);
  if (spec.outcome !== undefined) attributes[ATTR.toolOutcome] = spec.outcome;
  emitSpan(`tool ${spec.tool}`, attributes, tracer);
}

/**
 * Runs `fn` as the tool call: one span around it, `ok` when it returns, `error` when it throws or
 * rejects. Spans started inside (an HTTP effect, say) are its children.
 */
export function withToolCall<T>(
  spec: Omit<ToolCallSpec, 'outcome'>,
  fn: () => T,
  tracer?: Tracer,
): T {
  return tracerOf(tracer).startActiveSpan(
    `tool ${spec.tool}`,
    { attributes: attributesOf(spec) },
    (span) => {
      const end = (outcome: 'ok' | 'error') => {
        span.setAttribute(ATTR.toolOutcome, outcome);
        span.end();
      };
      try {
        const out = fn();
        if (out instanceof Promise) {
          return out.then(
            (value) => {
              end('ok');
              return value;
            },
            (error: unknown) => {
              end('error');
              throw error;
            },
          ) as T;
        }
        end('ok');
        return out;
      } catch (error) {
        end('error');
        throw error;
      }
    },
  );
}
