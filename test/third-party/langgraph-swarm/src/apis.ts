import { randomUUID } from 'node:crypto';

/** Where Tripwise's services live. The bookings read service is replaced by a stub in CI. */
export interface ApiConfig {
  readonly bookingsUrl: string;
  readonly opsUrl?: string;
  readonly paymentsUrl?: string;
  /**
   * How a refund request is keyed. `booking` (since 2.6): the idempotency key is the booking's,
   * so calling the tool again after a timeout is the same refund. `request` (2.5): every call
   * gets a fresh key.
   */
  readonly refundKey: 'booking' | 'request';
  /** How long a payments call may take before the tool gives up (the gateway can hang). */
  readonly paymentsTimeoutMs?: number;
}

export interface Booking {
  readonly ref: string;
  readonly destination: string;
  readonly departs: string;
  readonly status: string;
  readonly paid_eur: number;
}

/** The calls the support agents' tools make. */
export interface TripwiseApis {
  getBooking(ref: string): Promise<Booking>;
  cancelBooking(ref: string, reason: string): Promise<{ cancellation_id: string }>;
  refund(ref: string, amountEur: number): Promise<{ refund_id: string }>;
  resendInvoice(invoiceId: string): Promise<{ sent_to: string }>;
}

export function tripwiseApis(config: ApiConfig): TripwiseApis {
  const ops = config.opsUrl ?? 'https://ops.tripwise.test/v2';
  const payments = config.paymentsUrl ?? 'https://pay.tripwise.test/v1';
  return {
    async getBooking(ref) {
      const response = await fetch(`${config.bookingsUrl}/bookings/${encodeURIComponent(ref)}`);
      if (response.status === 404) throw new Error(`no booking ${ref}`);
      if (!response.ok) throw new Error(`bookings service answered ${response.status}`);
      return (await response.json()) as Booking;
    },
    cancelBooking: (ref, reason) => post(`${ops}/cancellations`, { booking_ref: ref, reason }),
    refund(ref, amountEur) {
      const key = config.refundKey === 'booking' ? `refund:${ref}` : randomUUID();
      return post(
        `${payments}/refunds`,
        { booking_ref: ref, amount_eur: amountEur },
        { 'idempotency-key': key },
        AbortSignal.timeout(config.paymentsTimeoutMs ?? 500),
      );
    },
    resendInvoice: (invoiceId) => post(`${ops}/invoices/resend`, { invoice_id: invoiceId }),
  };
}

async function post<T>(
  url: string,
  body: object,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    ...(signal && { signal }),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}
