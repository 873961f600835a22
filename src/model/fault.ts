import { z } from 'zod';
import { timerMs } from './bounds.ts';

/**
 * Faults Baton injects to make the world hostile. Effect-endpoint faults act at the fake HTTP
 * endpoint (msw); delivery faults act on handoffs the implementation sends through Baton's
 * transport (`info.deliver`).
 */
const LostResponse = z.strictObject({
  fault: z.literal('lost_response'),
  endpoint: z.string().min(1).describe('The effect endpoint (its name in effects.endpoints).'),
  mode: z
    .enum(['reset', 'timeout'])
    .default('reset')
    .describe('reset: the connection drops; timeout: no answer until the caller gives up.'),
  times: z.number().int().min(1).default(1).describe('How many commits lose their response.'),
});
const HttpError = z.strictObject({
  fault: z.literal('http_error'),
  endpoint: z.string().min(1),
  status: z.number().int().min(500).max(599).default(503),
  times: z.number().int().min(1).default(1).describe('Failures before the endpoint succeeds.'),
});
const DuplicateDelivery = z.strictObject({
  fault: z.literal('duplicate_delivery'),
  to: z.string().min(1).optional().describe('Only handoffs to this receiver (default: all).'),
});
const SlowReceiver = z.strictObject({
  fault: z.literal('slow_receiver'),
  to: z.string().min(1).optional(),
  delay_ms: timerMs(0).describe('Added before the receiver gets each delivery.'),
});
const ReceiverTimeout = z.strictObject({
  fault: z.literal('receiver_timeout'),
  to: z.string().min(1).optional(),
  after_ms: timerMs(1).default(1000).describe('When the sender’s delivery fails.'),
});
const Permute = z.strictObject({
  fault: z.literal('permute'),
  seed: z.number().int().optional().describe('Replays one order; a random one is reported.'),
});

export const FaultInput = z.discriminatedUnion('fault', [
  LostResponse,
  HttpError,
  DuplicateDelivery,
  SlowReceiver,
  ReceiverTimeout,
  Permute,
]);

export type Fault = z.output<typeof FaultInput>;
