/** The model APIs whose responses Baton reads tool calls from. */
export type ModelApi = 'anthropic.messages' | 'openai.chat_completions' | 'openai.responses';

/** One tool call a model asked for in a response: its name and its input as the model gave it. */
export interface ModelToolCall {
  readonly name: string;
  /** The API's id of the call (`toolu_…`, `call_…`), when it has one. */
  readonly id?: string;
  /** Parsed JSON when the API sent arguments as JSON text that parses; otherwise as sent. */
  readonly input: unknown;
}

/**
 * What Baton reads from one model response: which API answered, the tool calls in order, and
 * the text the model wrote ('' when none).
 */
export interface ModelReply {
  readonly api: ModelApi;
  readonly toolCalls: readonly ModelToolCall[];
  readonly text: string;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Tool arguments sent as JSON text (OpenAI, streamed Anthropic input): parsed, else the text. */
export function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A tool call from its parts, or undefined when the name is missing. */
export function toolCall(name: unknown, id: unknown, input: unknown): ModelToolCall | undefined {
  if (typeof name !== 'string' || name === '') return undefined;
  return typeof id === 'string' && id !== '' ? { name, id, input } : { name, input };
}

/** The text parts of a content list (`{ type, text }` blocks of the given types), joined. */
export function textParts(content: unknown, types: ReadonlySet<string>): string[] {
  if (!Array.isArray(content)) return [];
  return content.flatMap((part) =>
    isRecord(part) && types.has(String(part.type)) && typeof part.text === 'string'
      ? [part.text]
      : [],
  );
}
