/**
 * The refund desk's reading of a conversation: what the customer wants and which facts are known.
 * No OpenTelemetry and no I/O, so it can be tested (and reused) without Baton.
 */

/** Refunds above this many euro need the supervisor's approval first. */
export const REFUND_LIMIT = 500;

/** What a refund needs: the order and how much to give back. */
export interface RefundRequest {
  readonly order_id: string;
  readonly amount: number;
}

export interface Conversation {
  readonly wantsRefund: boolean;
  readonly order_id?: string;
  readonly amount?: number;
}

/** What triage does with a customer message. */
export type TriageMove =
  | { readonly kind: 'route'; readonly request: RefundRequest }
  | { readonly kind: 'ask'; readonly fields: readonly ('order_id' | 'amount')[] }
  | { readonly kind: 'answer' };

const ORDER_ID = /\bA-\d{4}\b/;
const AMOUNT = /(\d+(?:\.\d{1,2})?)\s?(?:€|euros?\b|eur\b)/i;
const WANTS_REFUND = /\b(refund|money back)\b/i;
const RATING = /\b([1-5])\s?stars?\b/i;

/** The conversation after one more customer message: intent and facts accumulate. */
export function readMessage(before: Conversation, text: string): Conversation {
  const order = ORDER_ID.exec(text)?.[0] ?? before.order_id;
  const figure = AMOUNT.exec(text)?.[1];
  const amount = figure === undefined ? before.amount : Number(figure);
  return {
    wantsRefund: before.wantsRefund || WANTS_REFUND.test(text),
    ...(order !== undefined && { order_id: order }),
    ...(amount !== undefined && { amount }),
  };
}

/** Triage routes a refund once it knows the order and the amount, and asks for what is missing. */
export function triageMove(c: Conversation): TriageMove {
  if (!c.wantsRefund) return { kind: 'answer' };
  if (c.order_id !== undefined && c.amount !== undefined) {
    return { kind: 'route', request: { order_id: c.order_id, amount: c.amount } };
  }
  const fields: ('order_id' | 'amount')[] = [];
  if (c.order_id === undefined) fields.push('order_id');
  if (c.amount === undefined) fields.push('amount');
  return { kind: 'ask', fields };
}

/** Whether a refund of this size needs a person's approval. */
export function needsApproval(request: RefundRequest): boolean {
  return request.amount > REFUND_LIMIT;
}

/** The stars of a rating such as "5 stars", if the message gives one. */
export function ratingIn(text: string): number | undefined {
  const stars = RATING.exec(text)?.[1];
  return stars === undefined ? undefined : Number(stars);
}
