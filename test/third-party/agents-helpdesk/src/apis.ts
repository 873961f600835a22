import { randomUUID } from 'node:crypto';

// Northwind's internal HTTP APIs, as the helpdesk's tools call them in production. Base URLs
// come from the environment; the defaults are the staging hosts.
const ORDERS_API = process.env.ORDERS_API_URL ?? 'https://orders.northwind.test/v1';
const PAYMENTS_API = process.env.PAYMENTS_API_URL ?? 'https://payments.northwind.test/v2';
const HELPDESK_API = process.env.HELPDESK_API_URL ?? 'https://helpdesk.northwind.test/api';

export interface Order {
  readonly id: string;
  readonly item: string;
  readonly status: string;
  readonly total_eur: number;
}

/** GET /orders/:id on the orders service. */
export async function getOrder(orderId: string): Promise<Order> {
  const response = await fetch(`${ORDERS_API}/orders/${encodeURIComponent(orderId)}`);
  if (!response.ok) throw new Error(`orders API answered ${response.status} for ${orderId}`);
  return (await response.json()) as Order;
}

/**
 * How the payments client makes a retried refund safe. `order` (the fix shipped in 1.3): the
 * idempotency key is the order's, so a retry after a lost answer is the same refund.
 * `per-attempt` (1.2): a fresh key for every attempt, so a retry is a second refund.
 */
export type IdempotencyScheme = 'order' | 'per-attempt';

export interface RefundReceipt {
  readonly refund_id: string;
  readonly status: string;
}

/**
 * POST /refunds on the payments service, retried up to three times when the connection drops or
 * the service answers 5xx (the payments gateway is known to drop answers under load).
 */
export async function createRefund(
  orderId: string,
  amountEur: number,
  scheme: IdempotencyScheme,
): Promise<RefundReceipt> {
  const stableKey = `refund-${orderId}`;
  let lastError: unknown;
  for (let attempt = 1; attempt <= 3; attempt++) {
    const key = scheme === 'order' ? stableKey : randomUUID();
    try {
      const response = await fetch(`${PAYMENTS_API}/refunds`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ order_id: orderId, amount_eur: amountEur }),
      });
      if (response.status < 500) {
        if (!response.ok) throw new Error(`payments API refused the refund: ${response.status}`);
        return (await response.json()) as RefundReceipt;
      }
      lastError = new Error(`payments API answered ${response.status}`);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('payments API refused')) throw error;
      lastError = error;
    }
  }
  throw new Error(`refund of ${orderId} failed after 3 attempts: ${String(lastError)}`);
}

/** POST /escalations on the helpdesk: a ticket in the supervisors' queue. */
export async function openEscalation(body: {
  order_id: string;
  amount_eur: number;
  reason: string;
}): Promise<{ ticket: string }> {
  return post(`${HELPDESK_API}/escalations`, body);
}

/** POST /billing-cases on the helpdesk: a case for the billing team (duplicate charges…). */
export async function openBillingCase(body: {
  invoice_id: string;
  summary: string;
}): Promise<{ case_id: string }> {
  return post(`${HELPDESK_API}/billing-cases`, body);
}

async function post<T>(url: string, body: object): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}
