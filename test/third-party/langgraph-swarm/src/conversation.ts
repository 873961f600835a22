import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';

/** What the traveller wants, as the desk's intent classifier reads it. */
export type Intent = 'invoice' | 'refund' | 'cancel' | 'status' | 'vague';

/** The facts of a conversation so far, read from what the traveller wrote. */
export interface Conversation {
  readonly messages: readonly BaseMessage[];
  readonly latest: string;
  readonly intent: Intent;
  readonly bookingRef: string | undefined;
  readonly invoiceId: string | undefined;
  readonly amountEur: number | undefined;
  /** The last message, when a tool answered it. */
  readonly toolResult:
    | { readonly tool: string; readonly ok: boolean; readonly content: string }
    | undefined;
}

export function read(messages: readonly BaseMessage[]): Conversation {
  const said = messages.filter((m) => HumanMessage.isInstance(m)).map(text);
  const all = said.join('\n');
  const last = messages.at(-1);
  const amount = /(\d+(?:[.,]\d+)?)\s*euro/i.exec(all)?.[1];
  return {
    messages,
    latest: said.at(-1) ?? '',
    intent: intentOf(all),
    bookingRef: /\bBK-\d{4}\b/.exec(all)?.[0],
    invoiceId: /\bINV-\d{4}\b/.exec(all)?.[0],
    amountEur: amount === undefined ? undefined : Number(amount.replace(',', '.')),
    toolResult:
      last &&
      ToolMessage.isInstance(last) &&
      last.name !== undefined &&
      !last.name.startsWith('transfer_')
        ? { tool: last.name, ok: last.status !== 'error', content: text(last) }
        : undefined,
  };
}

function intentOf(all: string): Intent {
  if (/invoice/i.test(all)) return 'invoice';
  if (/refund|money back|euro back/i.test(all)) return 'refund';
  if (/\bcancel\b/i.test(all)) return 'cancel';
  if (/\bwhen\b|\bwhere\b|\bleave\b|status/i.test(all)) return 'status';
  return 'vague';
}

/** The latest result of `tool` anywhere in the conversation, parsed. */
export function lastResult<T>(c: Conversation, tool: string): T | undefined {
  for (const m of [...c.messages].reverse()) {
    if (ToolMessage.isInstance(m) && m.name === tool && m.status !== 'error') {
      try {
        return JSON.parse(text(m)) as T;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Whether `agent` already said something matching `pattern` in this conversation. */
export function hasSaid(c: Conversation, agent: string, pattern: RegExp): boolean {
  return c.messages.some(
    (m) => AIMessage.isInstance(m) && m.name === agent && pattern.test(text(m)),
  );
}

/** How many times `tool` was called since the traveller last wrote. */
export function callsSinceHuman(c: Conversation, tool: string): number {
  let n = 0;
  for (const m of [...c.messages].reverse()) {
    if (HumanMessage.isInstance(m)) break;
    if (AIMessage.isInstance(m)) n += (m.tool_calls ?? []).filter((t) => t.name === tool).length;
  }
  return n;
}

/** The arguments of the last transfer to `agent`, and who made it. */
export function lastTransferTo(
  c: Conversation,
  agent: string,
): { from: string | undefined; args: Record<string, unknown> } | undefined {
  for (const m of [...c.messages].reverse()) {
    if (!AIMessage.isInstance(m)) continue;
    const call = m.tool_calls?.find((t) => t.name === `transfer_to_${agent}`);
    if (call) return { from: m.name, args: call.args };
  }
  return undefined;
}

function text(m: BaseMessage): string {
  return typeof m.content === 'string' ? m.content : JSON.stringify(m.content);
}
