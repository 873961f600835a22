import { parseJson } from './attrs.ts';
import { messageText } from './message-text.ts';
import type { SpanRecord } from './span-record.ts';

const OI_OUTPUT = 'llm.output_messages.';

/**
 * The text an agent or model span said, in the shapes Baton knows: GenAI `gen_ai.output.messages`
 * (the last assistant message's text parts), OpenInference `llm.output_messages.<i>.message.*`
 * (`content`, or the text parts of `contents`),
 * and OpenInference `output.value` (plain text, a JSON string, a message list, or an object with
 * `content`, `output`, `final_output` or `text`). Undefined when it says nothing in words.
 */
export function replyText(span: SpanRecord): string | undefined {
  const a = span.attributes;
  const genai = a['gen_ai.output.messages'];
  if (typeof genai === 'string') return nonEmpty(lastAssistant(parseJson(genai)));
  const oi = fromOpenInference(a);
  if (oi !== undefined) return nonEmpty(oi);
  const output = a['output.value'];
  return typeof output === 'string' ? nonEmpty(fromValue(parseJson(output))) : undefined;
}

function nonEmpty(text: string | undefined): string | undefined {
  return text === undefined || text.trim() === '' ? undefined : text;
}

function fromOpenInference(a: SpanRecord['attributes']): string | undefined {
  let best = -1;
  for (const key in a) {
    if (!key.startsWith(OI_OUTPUT) || !key.endsWith('.message.role')) continue;
    if (a[key] !== 'assistant') continue;
    best = Math.max(best, Number(key.slice(OI_OUTPUT.length, -'.message.role'.length)));
  }
  if (best < 0) return undefined;
  const message = `${OI_OUTPUT}${best}.message.`;
  const content = a[`${message}content`];
  if (typeof content === 'string') return content;
  return contentParts(a, `${message}contents.`);
}

/**
 * The text parts of an OpenInference message written as a list (`message.contents.<j>.
 * message_content.text`), as the OpenAI Agents and OpenAI instrumentations write Responses API
 * output; '' when it has none (a tool call).
 */
function contentParts(a: SpanRecord['attributes'], prefix: string): string {
  const parts: [number, string][] = [];
  for (const key in a) {
    if (!key.startsWith(prefix) || !key.endsWith('.message_content.text')) continue;
    const text = a[key];
    const j = Number(key.slice(prefix.length, -'.message_content.text'.length));
    if (typeof text === 'string' && Number.isInteger(j)) parts.push([j, text]);
  }
  return parts
    .sort((x, y) => x[0] - y[0])
    .map(([, text]) => text)
    .join('\n');
}

function fromValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return lastAssistant(value);
  if (value === null || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  for (const key of ['final_output', 'output', 'content', 'text']) {
    const inner = v[key];
    if (typeof inner === 'string') return inner;
    if (inner !== undefined && inner !== null && typeof inner === 'object') return fromValue(inner);
  }
  return Array.isArray(v.messages) ? lastAssistant(v.messages) : undefined;
}

/** The text of the last assistant message of a list (`content` text or text parts). */
function lastAssistant(list: unknown): string | undefined {
  if (!Array.isArray(list)) return undefined;
  for (let i = list.length - 1; i >= 0; i--) {
    const m = list[i] as Record<string, unknown> | null;
    if (m === null || typeof m !== 'object') continue;
    if (m.role !== 'assistant' && m.role !== 'ai' && m.type !== 'ai') continue;
    return messageText(m);
  }
  return undefined;
}
