/**
 * Reading handoff tool calls out of LangGraph messages. Messages are read by shape (`tool_calls`,
 * `name`, `id`), so class instances and recorded plain objects read the same.
 */

/** One tool call as it sits on an AI message. */
export interface ToolCallShape {
  readonly name: string;
  readonly args: Readonly<Record<string, unknown>>;
  /** The call id, or one made from the message id and the call's position. */
  readonly key: string;
  /** The call id the model gave, if any. */
  readonly id?: string;
}

/** A message that carries tool calls, with the name of the agent that wrote it when set. */
export interface CallingMessage {
  readonly author: string | undefined;
  readonly calls: readonly ToolCallShape[];
}

/** The messages an update writes: a list, or one message (the reducer takes both). */
export function messagesOf(update: unknown): unknown[] {
  if (!isRecord(update)) return [];
  const messages = update.messages;
  if (Array.isArray(messages)) return messages;
  return isRecord(messages) ? [messages] : [];
}

/** The tool calls of a message, or undefined when it makes none. */
export function callingMessage(message: unknown): CallingMessage | undefined {
  if (!isRecord(message) || !Array.isArray(message.tool_calls)) return undefined;
  const messageId = typeof message.id === 'string' ? message.id : undefined;
  const calls: ToolCallShape[] = [];
  message.tool_calls.forEach((raw: unknown, i) => {
    if (!isRecord(raw) || typeof raw.name !== 'string') return;
    const id = typeof raw.id === 'string' && raw.id !== '' ? raw.id : undefined;
    const key = id ?? `${messageId ?? 'message'}#${i}:${raw.name}`;
    const args = isRecord(raw.args) ? raw.args : {};
    calls.push({ name: raw.name, args, key, ...(id !== undefined && { id }) });
  });
  if (calls.length === 0) return undefined;
  return { author: typeof message.name === 'string' ? message.name : undefined, calls };
}

/**
 * An AI message that says something in words and calls no tool: a reply to the customer. `key`
 * tells it apart from the same message resent in a later update (its id, else author and text).
 */
export function spokenReply(
  message: unknown,
): { readonly key: string; readonly author?: string; readonly text: string } | undefined {
  if (!isRecord(message) || message.type !== 'ai' || callingMessage(message)) return undefined;
  const text = contentText(message.content);
  if (text.trim() === '') return undefined;
  const author = typeof message.name === 'string' ? message.name : undefined;
  const key = typeof message.id === 'string' ? `reply:${message.id}` : `reply:${author}:${text}`;
  return { key, text, ...(author !== undefined && { author }) };
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) =>
      isRecord(part) && part.type === 'text' && typeof part.text === 'string' ? part.text : '',
    )
    .filter(Boolean)
    .join(' ');
}

/** LangGraph's own normalisation of an agent name inside a tool name. */
export function toolSafeName(name: string): string {
  return name.trim().replace(/\s+/g, '_').toLowerCase();
}

const TRANSFER = /^transfer_(back_)?to_(.+)$/;

/** Whether a tool is a transfer (handoff) tool rather than a tool an agent works with. */
export function isTransferTool(toolName: string): boolean {
  return TRANSFER.test(toolName);
}

/** Where a transfer tool sends the work, and whether it returns it (`transfer_back_to_<x>`). */
export interface TransferTarget {
  readonly to: string;
  readonly back: boolean;
}

/**
 * The target a transfer tool names (`transfer_to_<x>`, the supervisor's `transfer_back_to_<x>`),
 * resolved to a participant's spelling when one matches; undefined for other tools.
 */
export function transferTarget(
  toolName: string,
  known: ReadonlyMap<string, string>,
): TransferTarget | undefined {
  const match = TRANSFER.exec(toolName);
  const target = match?.[2];
  if (target === undefined) return undefined;
  return { to: known.get(toolSafeName(target)) ?? target, back: match?.[1] !== undefined };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
