import type { RetryPolicy } from './payments.ts';

/** How one version of the refunds agent guards its side effects. */
export interface Variant {
  readonly name: 'idempotent' | 'naive';
  /** Claim the work before acting, and back off when someone already holds it. */
  readonly claimsWork: boolean;
  readonly retry: RetryPolicy;
}

const serverSide = (status: number | undefined) =>
  status === undefined || status === 429 || status >= 500;

/**
 * Claims before acting; one `Idempotency-Key` per order, the same on every attempt, so a retry
 * after a lost answer cannot refund twice. Because retries are safe it can afford more of them,
 * but only where trying again can help: no answer, 429 or 5xx.
 */
export const IDEMPOTENT: Variant = {
  name: 'idempotent',
  claimsWork: true,
  retry: {
    attempts: 5,
    idempotencyKey: (r) => `refund-${r.order_id}`,
    retryable: serverSide,
    backoffMs: 5,
    attemptTimeoutMs: 2_000,
  },
};

/** The loop most code starts with: no claim, no key, and any failure is tried again, 3 tries. */
export const NAIVE: Variant = {
  name: 'naive',
  claimsWork: false,
  retry: { attempts: 3, retryable: () => true, backoffMs: 5, attemptTimeoutMs: 2_000 },
};

/** The variant `adapter.options.variant` names. */
export function variantOf(option: unknown): Variant {
  const name = option ?? 'idempotent';
  if (name === 'idempotent') return IDEMPOTENT;
  if (name === 'naive') return NAIVE;
  throw new Error(
    `Failed to start the refunds example: adapter.options.variant is ${JSON.stringify(name)}. ` +
      'Set it to `idempotent` (the default) or `naive`.',
  );
}
