import { parseJson } from '../normalize/attrs.ts';
import { messageText } from '../normalize/message-text.ts';
import type { SpanRecord } from '../normalize/span-record.ts';

/** The user messages a span's input carries: how many, and the text of the last one. */
export interface UserMessages {
  readonly count: number;
  readonly last: string;
}

const OI_PREFIX = 'llm.input_messages.';
const OI_ROLE = '.message.role';

/**
 * The user messages in a span's model input, in the shapes Baton knows: GenAI
 * `gen_ai.input.messages`, OpenInference `llm.input_messages.<i>.message.*` and an `input.value`
 * holding a JSON message list (OpenInference's Agents SDK response spans). Undefined when the
 * span carries no message list. Each model call re-sends the conversation so far, so the count
 * grows by one with each customer turn: that is how `customer_turns` finds turns in one trace.
 */
export function userMessages(span: SpanRecord): UserMessages | undefined {
  const texts = userTexts(span);
  return texts && { count: texts.length, last: texts.at(-1) ?? '' };
}

/** The text of each user message in a span's model input, in order (see `userMessages`). */
export function userTexts(span: SpanRecord): string[] | undefined {
  const a = span.attributes;
  const genai = a['gen_ai.input.messages'];
  if (typeof genai === 'string') return fromList(parseJson(genai));
  const input = a['input.value'];
  if (typeof input === 'string' && input.trimStart().startsWith('[')) {
    const found = fromList(parseJson(input));
    if (found) return found;
  }
  return fromOpenInference(a);
}

function fromList(list: unknown): string[] | undefined {
  if (!Array.isArray(list)) return undefined;
  const texts: string[] = [];
  for (const m of list) {
    if (typeof m !== 'object' || m === null || (m as { role?: unknown }).role !== 'user') continue;
    texts.push(messageText(m as Record<string, unknown>));
  }
  return texts;
}

function fromOpenInference(a: SpanRecord['attributes']): string[] | undefined {
  const users: [number, string][] = [];
  let seen = false;
  for (const key in a) {
    if (!key.startsWith(OI_PREFIX) || !key.endsWith(OI_ROLE)) continue;
    seen = true;
    if (a[key] !== 'user') continue;
    const i = key.slice(OI_PREFIX.length, -OI_ROLE.length);
    const content = a[`${OI_PREFIX}${i}.message.content`];
    users.push([Number(i), typeof content === 'string' ? content : '']);
  }
  if (!seen) return undefined;
  return users.sort(([x], [y]) => x - y).map(([, text]) => text);
}
