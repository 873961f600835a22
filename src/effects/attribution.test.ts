import https from 'node:https';
import { context, ROOT_CONTEXT } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { ATTR, EVENT, HTTP } from '../conventions/attributes.ts';
import { EffectsConfig } from '../model/effects-config.ts';
import type { Fault } from '../model/fault.ts';
import { EFFECT_ATTR } from './attributes.ts';
import { adapterOf, asAgent, byName, runCase, spansOf, testCase } from './test-support.ts';
import { withHttpEffects } from './with-http-effects.ts';

const effects = EffectsConfig.parse({
  endpoints: [
    { name: 'refund', url: 'https://payments.test/refunds', identity: { body: 'order_id' } },
  ],
});

function gate() {
  let open = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

const viaFetch = (order: string, signal?: AbortSignal) =>
  fetch('https://payments.test/refunds', {
    method: 'POST',
    body: JSON.stringify({ order_id: order }),
    ...(signal && { signal }),
  }).then(
    (r) => r.status,
    () => 'error',
  );

const viaNodeHttp = (order: string) =>
  new Promise<number | string>((resolve) => {
    const req = https.request('https://payments.test/refunds', { method: 'POST' }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve('error'));
    req.end(JSON.stringify({ order_id: order }));
  });

describe('attribution of requests to cases and agents', () => {
  it('two concurrent cases: each request lands in its own case, under the agent that made it', async () => {
    // Case a's first request hangs (lost response, timeout) while case b makes all of its own.
    const hang: Fault = { fault: 'lost_response', endpoint: 'refund', mode: 'timeout', times: 1 };
    const aWaiting = gate();
    const bDone = gate();
    const adapter = withHttpEffects(
      adapterOf(async (c) => {
        if (c.id === 'case-a')
          await asAgent('refunds', async () => {
            const hung = viaFetch('A-1', AbortSignal.timeout(2_000));
            aWaiting.open();
            await bDone.wait;
            await Promise.all([hung, viaNodeHttp('A-2')]);
          });
        else
          await asAgent('billing', async () => {
            await aWaiting.wait;
            await Promise.all([viaFetch('B-1'), viaNodeHttp('B-2')]);
            bDone.open();
          });
      }),
      { effects, suiteFaults: [], suiteDir: '.', lostResponseMaxMs: 300 },
    );
    await adapter.setup?.();
    let runs: Awaited<ReturnType<typeof runCase>>[];
    try {
      runs = await Promise.all([
        runCase(adapter, testCase('case-a', [hang])),
        runCase(adapter, testCase('case-b')),
      ]);
    } finally {
      await adapter.teardown?.();
    }

    const [a, b] = runs.map((r) => r.spans);
    const keys = (spans: typeof a) =>
      spansOf(spans!, EVENT.effect)
        .map((s) => s.attributes[ATTR.effectKey])
        .sort();
    expect(keys(a)).toEqual(['A-1', 'A-2']);
    expect(keys(b)).toEqual(['B-1', 'B-2']);
    for (const [spans, agent] of [
      [a!, 'agent refunds'],
      [b!, 'agent billing'],
    ] as const) {
      const agentSpan = byName(spans, agent);
      const own = [...spansOf(spans, EVENT.effect), ...spansOf(spans, EVENT.request)];
      expect(own).toHaveLength(4);
      for (const s of own) expect(s.parentId).toBe(agentSpan.spanId);
      expect(new Set(spans.map((s) => s.traceId)).size).toBe(1);
    }
    const faulted = spansOf(a!, EVENT.request).filter((s) => s.attributes[EFFECT_ATTR.fault]);
    expect(faulted.map((s) => s.attributes[HTTP.status])).toEqual([undefined]);
  });

  it('a request with no span context goes to the only running case, marked context_lost', async () => {
    const adapter = withHttpEffects(
      adapterOf(async () => {
        await context.with(ROOT_CONTEXT, () => viaFetch('LOST-1'));
      }),
      { effects, suiteFaults: [], suiteDir: '.' },
    );
    await adapter.setup?.();
    const { spans } = await runCase(adapter, testCase('only')).finally(() => adapter.teardown?.());

    const [request] = spansOf(spans, EVENT.request);
    expect(request?.attributes[EFFECT_ATTR.contextLost]).toBe(true);
    expect(request?.parentId).toBe(byName(spans, 'baton.case only').spanId);
    expect(spansOf(spans, EVENT.effect).map((s) => s.attributes[ATTR.effectKey])).toEqual([
      'LOST-1',
    ]);
  });

  it('with two cases running, a request with no span context is given to neither', async () => {
    const both = gate();
    let started = 0;
    const adapter = withHttpEffects(
      adapterOf(async (c) => {
        if (++started === 2) both.open();
        await both.wait;
        if (c.id === 'x') await context.with(ROOT_CONTEXT, () => viaFetch('LOST-2'));
      }),
      { effects, suiteFaults: [], suiteDir: '.' },
    );
    await adapter.setup?.();
    const runs = await Promise.all([
      runCase(adapter, testCase('x')),
      runCase(adapter, testCase('y')),
    ]).finally(() => adapter.teardown?.());

    for (const { spans } of runs) expect(spansOf(spans, EVENT.request)).toEqual([]);
  });

  it('a case that was aborted (timed out) no longer owns the requests its code still makes', async () => {
    const abort = new AbortController();
    const afterAbort = gate();
    let late: Promise<unknown> = Promise.resolve();
    const adapter = withHttpEffects(
      adapterOf(async () => {
        await viaFetch('ON-TIME');
        abort.abort();
        late = viaFetch('LATE').then(afterAbort.open);
      }),
      { effects, suiteFaults: [], suiteDir: '.' },
    );
    await adapter.setup?.();
    const { spans } = await runCase(adapter, testCase('slow'), 0, abort);
    await afterAbort.wait;
    await late;
    await adapter.teardown?.();

    expect(spansOf(spans, EVENT.effect).map((s) => s.attributes[ATTR.effectKey])).toEqual([
      'ON-TIME',
    ]);
  });
});
