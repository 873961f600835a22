import { tool } from '@langchain/core/tools';
import { z } from 'zod';
import type { TripwiseApis } from './apis.ts';

/** The business tools, by agent. Each calls a Tripwise API; errors go back to the model. */
export function supportTools(apis: TripwiseApis) {
  const getBooking = tool(
    async ({ booking_ref }) => JSON.stringify(await apis.getBooking(booking_ref)),
    {
      name: 'get_booking',
      description: 'Look a booking up: destination, departure, status, amount paid.',
      schema: z.object({ booking_ref: z.string().describe('e.g. BK-7781') }),
    },
  );
  const cancelBooking = tool(
    async ({ booking_ref, reason }) =>
      JSON.stringify(await apis.cancelBooking(booking_ref, reason)),
    {
      name: 'cancel_booking',
      description: 'Cancel a booking. Only after the customer confirmed.',
      schema: z.object({ booking_ref: z.string(), reason: z.string() }),
    },
  );
  const refundBooking = tool(
    async ({ booking_ref, amount_eur }) =>
      JSON.stringify(await apis.refund(booking_ref, amount_eur)),
    {
      name: 'refund_booking',
      description: 'Refund what was paid for a booking (up to 500 euro without approval).',
      schema: z.object({ booking_ref: z.string(), amount_eur: z.number() }),
    },
  );
  const resendInvoice = tool(
    async ({ invoice_id }) => JSON.stringify(await apis.resendInvoice(invoice_id)),
    {
      name: 'resend_invoice',
      description: 'Email a copy of an invoice to the address on the account.',
      schema: z.object({ invoice_id: z.string().describe('e.g. INV-5521') }),
    },
  );
  return {
    concierge: [getBooking],
    changes: [getBooking, cancelBooking, refundBooking],
    billing: [resendInvoice],
  };
}
