import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ATTR, EVENT, HTTP } from '../conventions/attributes.ts';
import { EffectsConfig } from '../model/effects-config.ts';
import type { Fault } from '../model/fault.ts';
import type { SpanRecord } from '../normalize/span-record.ts';
import { describeRunError } from '../run/case-error.ts';
import { EFFECT_ATTR } from './attributes.ts';
import {
  adapterOf,
  asAgent,
  byName,
  localServer,
  runCase,
  spansOf,
  testCase,
} from './test-support.ts';
import { type HttpEffectsOptions, withHttpEffects } from './with-http-effects.ts';

const REFUNDS = 'https://payments.test/refunds';

const effects = (extra: object = {}) =>
  EffectsConfig.parse({
    endpoints: [
      {
        name: 'refund',
        url: REFUNDS,
        identity: { body: 'order_id' },
        owner: 'refunds',
        respond: { status: 201, body: { refund_id: 'R-1' } },
        ...extra,
      },
    ],
  });

/** Sets up a wrapped adapter, runs one case through it, tears it down. */
async function runWith(
  options: Partial<HttpEffectsOptions>,
  body: Parameters<typeof adapterOf>[0],
  faults?: readonly Fault[],
) {
  const adapter = withHttpEffects(adapterOf(body), { suiteFaults: [], suiteDir: '.', ...options });
  await adapter.setup?.();
  try {
    return await runCase(adapter, testCase('c1', faults));
  } finally {
    await adapter.teardown?.();
  }
}

function postRefund(orderId: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(REFUNDS, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ order_id: orderId, amount: 750 }),
  });
}

/** Calls until one answer is a success, as a naive client retries; returns what it saw. */
async function retrying(call: () => Promise<Response>, attempts = 4): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < attempts; i++) {
    try {
      const response = await call();
      seen.push(String(response.status));
      if (response.ok) break;
    } catch (error) {
      seen.push((error as Error).name);
    }
  }
  return seen;
}

const committed = (spans: readonly SpanRecord[]) =>
  spansOf(spans, EVENT.effect).filter((s) => s.attributes[ATTR.effectOutcome] === 'committed');

describe('the effect ledger', () => {
  it('answers an effect endpoint with its fake and records request and effect under the active agent', async () => {
    let answer: unknown;
    const { spans, error } = await runWith({ effects: effects() }, () =>
      asAgent('refunds', async () => {
        answer = await (await postRefund('A-1001')).json();
      }),
    );

    expect(error).toBeUndefined();
    expect(answer).toEqual({ refund_id: 'R-1' });
    const agent = byName(spans, 'agent refunds');
    const [request] = spansOf(spans, EVENT.request);
    const [effect] = spansOf(spans, EVENT.effect);
    expect(request?.parentId).toBe(agent.spanId);
    expect(request?.attributes).toMatchObject({
      [HTTP.method]: 'POST',
      [HTTP.url]: REFUNDS,
      [HTTP.host]: 'payments.test',
      [HTTP.status]: 201,
      [ATTR.requestRefused]: false,
      [EFFECT_ATTR.requestEffect]: 'refund',
    });
    expect(effect?.parentId).toBe(agent.spanId);
    expect(effect?.attributes).toMatchObject({
      [ATTR.effectName]: 'refund',
      [ATTR.effectKey]: 'A-1001',
      [ATTR.effectOwner]: 'refunds',
      [ATTR.effectOutcome]: 'committed',
      [ATTR.effectVia]: 'http',
      [EFFECT_ATTR.commit]: 1,
    });
  });

  it('records the key as ? with the reason when the identity cannot be read', async () => {
    const { spans } = await runWith({ effects: effects() }, async () => {
      await fetch(REFUNDS, { method: 'POST', body: 'not json' });
    });

    expect(spansOf(spans, EVENT.effect)[0]?.attributes).toMatchObject({
      [ATTR.effectKey]: '?',
      [EFFECT_ATTR.keyProblem]: 'the body is not JSON, so order_id cannot be read',
    });
  });

  it('answers other paths of an endpoint host with a 404 from the fake, never sent', async () => {
    const { spans } = await runWith({ effects: effects() }, async () => {
      expect((await fetch('https://payments.test/balance')).status).toBe(404);
    });

    expect(spansOf(spans, EVENT.request)[0]?.attributes).toMatchObject({
      [HTTP.status]: 404,
      [EFFECT_ATTR.route]: 'fake_host',
    });
  });
});

describe('lost_response', () => {
  const lost: Fault[] = [{ fault: 'lost_response', endpoint: 'refund', mode: 'reset', times: 1 }];

  it('commits, then drops the answer: a naive retry commits twice', async () => {
    let seen: string[] = [];
    const { spans } = await runWith({ effects: effects(), suiteFaults: lost }, async () => {
      seen = await retrying(() => postRefund('A-1001'));
    });

    expect(seen).toEqual(['TypeError', '201']);
    expect(committed(spans).map((s) => s.attributes[EFFECT_ATTR.commit])).toEqual([1, 2]);
    expect(spansOf(spans, EVENT.request)[0]?.attributes[EFFECT_ATTR.fault]).toBe('lost_response');
  });

  it('says which of the case’s faults an implementation that gave up did not survive', async () => {
    const { error } = await runWith({ effects: effects(), suiteFaults: lost }, async () => {
      await postRefund('A-1001');
    });

    expect(describeRunError(error)).toEqual({
      code: 'adapter.threw',
      message: expect.stringContaining(
        `after Baton injected the case's fault lost_response (reset) at refund after the commit (POST ${REFUNDS}): the implementation did not recover from it. Fix: handle that failure`,
      ),
    });
    expect(describeRunError(error).message).toMatch(
      /^the adapter threw TypeError: Failed to fetch/,
    );
  });

  it('with an idempotency key the retry is answered from the first commit: one commit', async () => {
    const config = effects({ dedupe: { header: 'Idempotency-Key' } });
    let seen: string[] = [];
    const { spans } = await runWith({ effects: config, suiteFaults: lost }, async () => {
      seen = await retrying(() => postRefund('A-1001', { 'Idempotency-Key': 'k-1' }));
    });

    expect(seen).toEqual(['TypeError', '201']);
    expect(committed(spans)).toHaveLength(1);
    const requests = spansOf(spans, EVENT.request);
    expect(requests).toHaveLength(2);
    expect(requests[1]?.attributes[EFFECT_ATTR.deduplicated]).toBe(true);
  });

  it('with dedupe but a new key each try, every try commits', async () => {
    const config = effects({ dedupe: { header: 'Idempotency-Key' } });
    let n = 0;
    const { spans } = await runWith({ effects: config, suiteFaults: lost }, async () => {
      await retrying(() => postRefund('A-1001', { 'Idempotency-Key': `k-${++n}` }));
    });

    expect(committed(spans)).toHaveLength(2);
  });

  it('in timeout mode holds the answer until the caller gives up', async () => {
    const timeout: Fault[] = [{ ...lost[0]!, mode: 'timeout' } as Fault];
    const started = performance.now();
    let seen = '';
    const { spans } = await runWith({ effects: effects(), suiteFaults: timeout }, async () => {
      seen = await fetch(REFUNDS, {
        method: 'POST',
        body: '{"order_id":"A-1"}',
        signal: AbortSignal.timeout(100),
      }).then(
        (r) => String(r.status),
        (e: Error) => e.name,
      );
    });

    expect(seen).toBe('TimeoutError');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(committed(spans)).toHaveLength(1);
  });

  it('in timeout mode is bounded when the caller never gives up', async () => {
    const timeout: Fault[] = [{ ...lost[0]!, mode: 'timeout' } as Fault];
    let seen = '';
    await runWith({ effects: effects(), suiteFaults: timeout, lostResponseMaxMs: 50 }, async () => {
      seen = await postRefund('A-1').then(
        (r) => String(r.status),
        (e: Error) => e.name,
      );
    });

    expect(seen).toBe('TypeError');
  });
});

describe('http_error', () => {
  it('fails the first calls without committing, then succeeds', async () => {
    let seen: string[] = [];
    const faults: Fault[] = [{ fault: 'http_error', endpoint: 'refund', status: 503, times: 2 }];
    const { spans } = await runWith(
      { effects: effects() },
      async () => {
        seen = await retrying(() => postRefund('A-1001'));
      },
      faults,
    );

    expect(seen).toEqual(['503', '503', '201']);
    const outcomes = spansOf(spans, EVENT.effect).map((s) => s.attributes[ATTR.effectOutcome]);
    expect(outcomes).toEqual(['failed', 'failed', 'committed']);
    expect(spansOf(spans, EVENT.request).map((s) => s.attributes[HTTP.status])).toEqual([
      503, 503, 201,
    ]);
  });

  it('counts per case: suite faults hit every case, a case fault only its own case', async () => {
    const suiteFaults: Fault[] = [
      { fault: 'http_error', endpoint: 'refund', status: 502, times: 1 },
    ];
    const caseFault: Fault = { fault: 'http_error', endpoint: 'refund', status: 503, times: 1 };
    const seen: Record<string, string[]> = {};
    const adapter = withHttpEffects(
      adapterOf(async (c) => {
        seen[c.id] = await retrying(() => postRefund(c.id));
      }),
      { effects: effects(), suiteFaults, suiteDir: '.' },
    );
    await adapter.setup?.();
    try {
      await runCase(adapter, testCase('plain'));
      await runCase(adapter, testCase('faulty', [caseFault]));
      await runCase(adapter, testCase('plain-again'));
    } finally {
      await adapter.teardown?.();
    }

    expect(seen).toEqual({
      plain: ['502', '201'],
      faulty: ['502', '503', '201'],
      'plain-again': ['502', '201'],
    });
  });

  it('errors the case when a fault names an endpoint the suite does not declare', async () => {
    const faults: Fault[] = [{ fault: 'http_error', endpoint: 'refnud', status: 503, times: 1 }];
    const { error } = await runWith({ effects: effects() }, async () => {}, faults);

    expect((error as Error).message).toBe(
      'Failed to inject faults into case c1: http_error names endpoint "refnud", which is not in the suite\'s effects.endpoints (refund). Name an endpoint the suite declares.',
    );
  });
});

describe('hosts', () => {
  it('refuses a host that is not allowed: never sent, recorded as refused (loopback too)', async () => {
    const server = await localServer(() => ({ body: '{}' }));
    let seen = '';
    try {
      const { spans } = await runWith({ effects: effects() }, async () => {
        seen = await fetch(`${server.origin}/secret`, { method: 'POST', body: 'x' }).then(
          (r) => String(r.status),
          (e: Error) => e.name,
        );
      });

      expect(seen).toBe('TypeError');
      expect(server.received).toEqual([]);
      expect(spansOf(spans, EVENT.request)[0]?.attributes).toMatchObject({
        [ATTR.requestRefused]: true,
        [HTTP.host]: '127.0.0.1',
        [EFFECT_ATTR.route]: 'refused',
      });
      expect(spansOf(spans, EVENT.request)[0]?.attributes[HTTP.status]).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it("names the refusal when the case then throws the client's bare network error", async () => {
    const server = await localServer(() => ({ body: '{}' }));
    try {
      const { error } = await runWith({ effects: effects() }, async () => {
        await fetch(`${server.origin}/v1/messages`, { method: 'POST', body: 'x' }).catch(() => {
          throw new Error('Connection error.');
        });
      });

      expect((error as Error).message).toBe(
        `the adapter threw Error: Connection error, after Baton refused POST ${new URL(server.origin).host}: the host is not an effect endpoint, in effects.allow_hosts or a cassette host. Fix: allow the host in effects.allow_hosts, declare an effect endpoint for it, or list it in cassette.hosts to record and replay it`,
      );
    } finally {
      await server.close();
    }
  });

  it('refuses node:http requests the same way, also through a named ESM import', async () => {
    const server = await localServer(() => ({ body: '{}' }));
    try {
      let seen = '';
      await runWith({}, async () => {
        seen = await new Promise<string>((resolve) => {
          const req = request(`${server.origin}/x`, { method: 'POST' }, (res) =>
            resolve(String(res.statusCode)),
          );
          req.on('error', (e) => resolve(e.message));
          req.end('{}');
        });
      });

      expect(seen).toBe('Network error');
      expect(server.received).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('passes requests to allowed hosts through and records their status', async () => {
    const server = await localServer(() => ({ status: 202, body: '{"ok":true}' }));
    try {
      const allowed = EffectsConfig.parse({ allow_hosts: [server.host] });
      const { spans } = await runWith({ effects: allowed }, async () => {
        expect(await (await fetch(`${server.origin}/ping`)).json()).toEqual({ ok: true });
      });

      expect(server.received.map((r) => r.url)).toEqual(['/ping']);
      expect(spansOf(spans, EVENT.request)[0]?.attributes).toMatchObject({
        [HTTP.status]: 202,
        [ATTR.requestRefused]: false,
        [EFFECT_ATTR.route]: 'allowed',
      });
    } finally {
      await server.close();
    }
  });
});
