import type { RefundRequest } from './desk.ts';

/** The payments API the refunds agent calls. In the suites it is a fake endpoint at Baton's msw. */
export const PAYMENTS_URL = 'https://payments.test/refunds';

/** How the refunds agent calls the payments API: how often it tries, and with which key. */
export interface RetryPolicy {
  readonly attempts: number;
  /** Sent as `Idempotency-Key`, the same on every attempt; absent: no key is sent. */
  readonly idempotencyKey?: (request: RefundRequest) => string;
  /** Whether a failed attempt is tried again: a network error has no status. */
  readonly retryable: (status: number | undefined) => boolean;
  /** Wait before attempt n+1: backoffMs × 2^(n-1). */
  readonly backoffMs: number;
  /** Longest one attempt may hang (a lost answer that never comes). */
  readonly attemptTimeoutMs: number;
}

export type RefundResult =
  | { readonly ok: true; readonly attempts: number }
  | { readonly ok: false; readonly attempts: number; readonly lastError: string };

/** One attempt: the answer's status, or a network error (no status). */
type Attempt = { readonly status: number } | { readonly error: string };

/**
 * Posts a refund, retrying by the policy. `send` is `fetch` in the example and a fake in tests.
 * Only a 2xx answer is a success: a lost answer is an error, although the refund may be done.
 */
export async function postRefund(
  send: typeof fetch,
  request: RefundRequest,
  policy: RetryPolicy,
  signal: AbortSignal,
): Promise<RefundResult> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (policy.idempotencyKey) headers['idempotency-key'] = policy.idempotencyKey(request);
  const body = JSON.stringify(request);
  let last: Attempt = { error: 'not tried' };
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    if (attempt > 1) await sleep(policy.backoffMs * 2 ** (attempt - 2), signal);
    if (signal.aborted) break;
    last = await once(send, { method: 'POST', headers, body }, policy, signal);
    if ('status' in last && last.status >= 200 && last.status < 300)
      return { ok: true, attempts: attempt };
    if (!policy.retryable('status' in last ? last.status : undefined)) {
      return { ok: false, attempts: attempt, lastError: describe(last) };
    }
  }
  return { ok: false, attempts: policy.attempts, lastError: describe(last) };
}

async function once(
  send: typeof fetch,
  init: RequestInit,
  policy: RetryPolicy,
  signal: AbortSignal,
): Promise<Attempt> {
  const timeout = AbortSignal.timeout(policy.attemptTimeoutMs);
  try {
    const answer = await send(PAYMENTS_URL, {
      ...init,
      signal: AbortSignal.any([signal, timeout]),
    });
    await answer.text(); // drain it: the connection is reused
    return { status: answer.status };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

function describe(a: Attempt): string {
  return 'status' in a ? `payments answered ${a.status}` : `network error: ${a.error}`;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((done) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        done();
      },
      { once: true },
    );
  });
}
