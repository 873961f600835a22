import { describe, expect, it } from 'vitest';
import { postRefund } from './payments.ts';
import { IDEMPOTENT, NAIVE } from './variants.ts';

/** A fake `fetch` that plays the given answers in order (a number is a status, 'lost' throws). */
function scripted(answers: readonly (number | 'lost')[]) {
  const calls: { key: string | null; body: unknown }[] = [];
  const send = (async (_url: string | URL | Request, init?: RequestInit) => {
    const answer = answers[calls.length] ?? 500;
    calls.push({
      key: new Headers(init?.headers).get('idempotency-key'),
      body: JSON.parse(String(init?.body)),
    });
    if (answer === 'lost') throw new TypeError('fetch failed');
    return new Response('{}', { status: answer });
  }) as typeof fetch;
  return { send, calls };
}

const request = { order_id: 'A-1001', amount: 120 };
const signal = new AbortController().signal;

describe('postRefund, idempotent', () => {
  it('sends one Idempotency-Key per order, the same on every retry', async () => {
    const { send, calls } = scripted([503, 'lost', 201]);

    const result = await postRefund(send, request, IDEMPOTENT.retry, signal);

    expect(result).toEqual({ ok: true, attempts: 3 });
    expect(calls.map((c) => c.key)).toEqual(['refund-A-1001', 'refund-A-1001', 'refund-A-1001']);
    expect(calls[0]?.body).toEqual(request);
  });

  it('does not retry an answer that says the request itself is wrong', async () => {
    const { send, calls } = scripted([422]);

    const result = await postRefund(send, request, IDEMPOTENT.retry, signal);

    expect(result).toEqual({ ok: false, attempts: 1, lastError: 'payments answered 422' });
    expect(calls).toHaveLength(1);
  });
});

describe('postRefund, naive', () => {
  it('sends no key and tries any failure again, three tries in all', async () => {
    const { send, calls } = scripted([422, 'lost', 503, 201]);

    const result = await postRefund(send, request, NAIVE.retry, signal);

    expect(result).toEqual({ ok: false, attempts: 3, lastError: 'payments answered 503' });
    expect(calls.map((c) => c.key)).toEqual([null, null, null]);
  });
});
