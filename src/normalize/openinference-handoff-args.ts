import { lastMemo } from '../last-memo.ts';
import { str } from './attrs.ts';
import type { SpanIndex } from './span-index.ts';
import type { SpanRecord } from './span-record.ts';

const CALL_NAME =
  /^llm\.output_messages\.(\d+)\.message\.tool_calls\.(\d+)\.tool_call\.function\.name$/;

/** A tool call a model span's output holds: its name and its arguments (JSON text). */
interface OutputCall {
  readonly name: string;
  readonly args: string;
}

/**
 * The arguments the model gave the handoff tool that a `handoff to <agent>` span carried out.
 * OpenInference's Agents SDK processors write that span with the agents' names only (the SDK's
 * handoff span has no arguments; newer processors put the sender's name in `input.value`), so
 * the envelope is in the sender's model call just before it: the `llm.output_messages` tool call
 * of the latest LLM span under the same agent span, named like the handoff tool (`transfer_to_`
 * the receiver, in any case), or that span's only tool call (a renamed handoff tool).
 */
export function handoffCallArgs(
  span: SpanRecord,
  to: string,
  index: SpanIndex,
): string | undefined {
  const model = latestModelSpanBefore(span, index);
  if (model === undefined) return undefined;
  const calls = outputCalls(model);
  const wanted = toolKey(`transfer_to_${to}`);
  const call =
    calls.find((c) => toolKey(c.name) === wanted) ?? (calls.length === 1 ? calls[0] : undefined);
  return call?.args;
}

function toolKey(name: string): string {
  return name.replace(/[^a-zA-Z0-9]/g, '_').toLowerCase();
}

function outputCalls(span: SpanRecord): OutputCall[] {
  const calls: OutputCall[] = [];
  for (const key in span.attributes) {
    if (!CALL_NAME.test(key)) continue;
    const name = str(span.attributes, key);
    if (name === undefined) continue;
    const prefix = key.slice(0, -'name'.length);
    // The processors leave out arguments that are `{}`.
    calls.push({ name, args: str(span.attributes, `${prefix}arguments`) ?? '{}' });
  }
  return calls;
}

/** The LLM spans of a trace by their parent's id. */
const modelSpansByParent = lastMemo((index: SpanIndex) => {
  const children = new Map<string, SpanRecord[]>();
  for (const s of index.spans) {
    if (s.parentId === undefined || str(s.attributes, 'openinference.span.kind') !== 'LLM')
      continue;
    const list = children.get(s.parentId) ?? [];
    list.push(s);
    children.set(s.parentId, list);
  }
  return children;
});

/** The LLM span under the same parent that ended last at or before `span` started. */
function latestModelSpanBefore(span: SpanRecord, index: SpanIndex): SpanRecord | undefined {
  if (span.parentId === undefined) return undefined;
  const children = modelSpansByParent(index);
  let latest: SpanRecord | undefined;
  for (const s of children.get(span.parentId) ?? []) {
    if (s.end > span.start) continue;
    if (latest === undefined || s.end >= latest.end) latest = s;
  }
  return latest;
}
