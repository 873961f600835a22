import { ATTR, EVENT, GENAI } from '../conventions/attributes.ts';
import { lastMemo } from '../last-memo.ts';
import { asksSomething } from '../model/asking.ts';
import type { QuestionEvent } from '../model/timeline.ts';
import { str } from './attrs.ts';
import { agentNameOf, OPENINFERENCE } from './recognize-openinference.ts';
import type { Recognizer } from './recognizer.ts';
import { replyText } from './reply-text.ts';
import type { SpanIndex } from './span-index.ts';
import type { SpanRecord } from './span-record.ts';

const MODEL_OPERATIONS = new Set(['chat', 'text_completion', 'generate_content']);

/**
 * Replies that ask something, from foreign span shapes: a question to the customer with the
 * reply's text, at the span's end. Recognised besides whatever else the span is (an agent turn).
 * An agent span (OpenInference AGENT, GenAI `invoke_agent`) speaks for its agent; a model span
 * (OpenInference LLM, GenAI `chat`) only when it is its agent's last one and the agent span says
 * nothing itself, so one reply is never read twice. A Baton question span is already one; an
 * agent span lowered into Baton's conventions (recorded traces) keeps its output and is read.
 */
export const recognizeReply: Recognizer = (span, index): QuestionEvent | undefined => {
  if (str(span.attributes, ATTR.event) === EVENT.question) return undefined;
  const role = roleOf(span);
  if (role === undefined) return undefined;
  const text = replyText(span);
  if (text === undefined || !asksSomething(text)) return undefined;
  const by = role === 'agent' ? agentNameOf(span, index) : modelSpeaker(span, index);
  if (by === undefined) return undefined;
  return {
    kind: 'question',
    step: index.step(span),
    at: span.end,
    spanId: span.spanId,
    by,
    to: 'customer',
    fields: [],
    text,
  };
};

function roleOf(span: SpanRecord): 'agent' | 'model' | undefined {
  const a = span.attributes;
  const kind = str(a, OPENINFERENCE.kind);
  if (kind === 'AGENT') return 'agent';
  if (kind === 'LLM') return 'model';
  const operation = str(a, GENAI.operation);
  if (operation === 'invoke_agent') return 'agent';
  return operation !== undefined && MODEL_OPERATIONS.has(operation) ? 'model' : undefined;
}

/** The agent a model span's reply speaks for, when it is that agent's final word. */
function modelSpeaker(span: SpanRecord, index: SpanIndex): string | undefined {
  const agentSpan = index.nearest(span, (s) =>
    s !== span && agentNameOf(s, index) !== undefined ? s : undefined,
  );
  if (agentSpan === undefined || replyText(agentSpan) !== undefined) return undefined;
  const last = lastModelSpan(agentSpan, index);
  return last === span ? agentNameOf(agentSpan, index) : undefined;
}

/** The model span that ended last under each agent span, by the agent span's id. */
const lastModels = lastMemo((index: SpanIndex) => {
  const byAgent = new Map<string, SpanRecord>();
  for (const s of index.spans) {
    if (roleOf(s) !== 'model') continue;
    const owner = index.nearest(index.parent(s) ?? s, (p) =>
      p !== s && agentNameOf(p, index) !== undefined ? p : undefined,
    );
    if (owner === undefined) continue;
    const held = byAgent.get(owner.spanId);
    if (held === undefined || s.end >= held.end) byAgent.set(owner.spanId, s);
  }
  return byAgent;
});

/** The model span that ended last under `agentSpan`. */
function lastModelSpan(agentSpan: SpanRecord, index: SpanIndex): SpanRecord | undefined {
  return lastModels(index).get(agentSpan.spanId);
}
