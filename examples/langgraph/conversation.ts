import type { BaseMessage } from '@langchain/core/messages';

/** What a step sent, read back from the human message Baton's adapter made of it. */
export interface HumanTurn {
  readonly kind: 'customer' | 'tool' | 'signal' | 'person';
  readonly text: string;
  /** Position in the conversation. */
  readonly at: number;
}

/** A transfer some agent (or the person) made, read from its tool call. */
export interface TransferCall {
  readonly by: string | undefined;
  readonly to: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly at: number;
}

/** The facts a desk agent picks out of a conversation, as a model would from its context. */
export interface Conversation {
  readonly latest: HumanTurn | undefined;
  readonly transfers: readonly TransferCall[];
  readonly orderId: string | undefined;
  readonly amount: number | undefined;
  /** The confidence the latest step signalled, when it was a signal with one. */
  readonly confidence: number | undefined;
  /** What the customer said last. */
  readonly lastCustomer: string | undefined;
}

const ORDER_ID = /\bA-\d{4}\b/;
const AMOUNT = /(?:€\s*(\d[\d,]*(?:\.\d+)?))|(?:(\d[\d,]*(?:\.\d+)?)\s*(?:euro|eur|€))/i;

export function readConversation(messages: readonly BaseMessage[]): Conversation {
  let latest: HumanTurn | undefined;
  let orderId: string | undefined;
  let amount: number | undefined;
  let confidence: number | undefined;
  let lastCustomer: string | undefined;
  const transfers: TransferCall[] = [];
  messages.forEach((message, at) => {
    if (message.type === 'ai') {
      for (const call of (message as { tool_calls?: { name: string; args: object }[] })
        .tool_calls ?? []) {
        const to = /^transfer_(?:back_)?to_(.+)$/.exec(call.name)?.[1];
        if (to)
          transfers.push({ by: message.name, to, args: call.args as Record<string, unknown>, at });
      }
      return;
    }
    if (message.type !== 'human') return;
    const text = typeof message.content === 'string' ? message.content : '';
    latest = { kind: kindOf(text), text, at };
    const facts = factsIn(latest);
    orderId = facts.orderId ?? orderId;
    amount = facts.amount ?? amount;
    confidence = facts.confidence;
    if (latest.kind === 'customer') lastCustomer = text;
  });
  return { latest, transfers, orderId, amount, confidence, lastCustomer };
}

function kindOf(text: string): HumanTurn['kind'] {
  const prefix = /^\[(tool|signal|person)\b/.exec(text)?.[1];
  return prefix === 'tool' || prefix === 'signal' || prefix === 'person' ? prefix : 'customer';
}

function factsIn(turn: HumanTurn): { orderId?: string; amount?: number; confidence?: number } {
  if (turn.kind === 'signal') {
    const value = /\bconfidence=([\d.]+)/.exec(turn.text)?.[1];
    return value === undefined ? {} : { confidence: Number(value) };
  }
  if (turn.kind === 'tool') {
    const json = /^\[tool [^\]]+\] (\{.*\})$/.exec(turn.text)?.[1];
    const result = json ? (JSON.parse(json) as { order_id?: unknown; amount?: unknown }) : {};
    return {
      ...(typeof result.order_id === 'string' && { orderId: result.order_id }),
      ...(typeof result.amount === 'number' && { amount: result.amount }),
    };
  }
  const orderId = ORDER_ID.exec(turn.text)?.[0];
  const money = AMOUNT.exec(turn.text);
  const amount = money ? Number((money[1] ?? money[2] ?? '').replaceAll(',', '')) : undefined;
  return { ...(orderId && { orderId }), ...(amount !== undefined && { amount }) };
}
