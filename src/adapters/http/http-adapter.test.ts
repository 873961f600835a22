import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCapture } from '../../capture/capture.ts';
import { enabledChecks } from '../../checks/registry.ts';
import { BatonError } from '../../errors.ts';
import { AdapterConfig, type HttpAdapterConfig } from '../../model/adapter-config.ts';
import type { Case } from '../../model/labelled-case.ts';
import { runCaseOnce } from '../../run/run-case.ts';
import type { Adapter } from '../adapter.ts';
import { createHttpAdapter } from './http-adapter.ts';

const SUITE = `${process.cwd()}/suites/unit-http.yaml`;

const refundCase: Case = {
  id: 'refund-split',
  title: 'A refund in two messages',
  source: 'unit test',
  tags: [],
  agents: ['triage', 'refunds'],
  persons: ['supervisor'],
  entry: 'triage',
  steps: [
    { kind: 'customer', text: 'I want a refund.' },
    { kind: 'customer', text: 'Order A-1001.' },
  ],
  labels: {
    handoffs: [
      {
        from: 'triage',
        to: 'refunds',
        window: [1, 1],
        alternatives: [],
        carry: { order_id: 'A-1001' },
      },
    ],
  },
};

interface Seen {
  readonly traceparent: string | undefined;
  readonly body: { step_index: number; run_id: string };
}

/**
 * A service in this process that exports hand-written OTLP JSON (not through the SDK, which
 * Baton's in-process capture would see). At step 1 it hands triage's work to refunds, with a
 * start time of 1 ns, so only the parent chain can place it at step 1.
 */
function fakeService(seen: Seen[], failCase?: string): Server {
  return createServer(async (req, res) => {
    const body = JSON.parse(await text(req));
    const traceparent = req.headers.traceparent as string | undefined;
    seen.push({ traceparent, body });
    if (body.case_id === failCase) {
      res.writeHead(500).end('{"error":"desk down"}');
      return;
    }
    const [, traceId, parentSpanId] = (traceparent ?? '').split('-');
    const otlp = req.headers['x-otlp'];
    if (body.step_index === 1 && typeof otlp === 'string') {
      await fetch(otlp, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(handoffRequest(traceId as string, parentSpanId as string)),
      });
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        body.step_index === 1 ? { route: { to: 'refunds', env: { order_id: 'A-1001' } } } : {},
      ),
    );
  });
}

function handoffRequest(traceId: string, parentSpanId: string) {
  const attr = (key: string, value: object) => ({ key, value });
  return {
    resourceSpans: [
      {
        scopeSpans: [
          {
            spans: [
              {
                traceId,
                spanId: 'a1a2a3a4a5a6a7a8',
                parentSpanId,
                name: 'handoff triage -> refunds',
                startTimeUnixNano: '1',
                endTimeUnixNano: '2',
                attributes: [
                  attr('baton.event', { stringValue: 'handoff' }),
                  attr('baton.handoff.from', { stringValue: 'triage' }),
                  attr('baton.handoff.to', { stringValue: 'refunds' }),
                  attr('baton.handoff.payload_size', { intValue: '24' }),
                  attr('baton.handoff.payload', {
                    kvlistValue: { values: [attr('order_id', { stringValue: 'A-1001' })] },
                  }),
                ],
              },
            ],
          },
        ],
      },
    ],
  };
}

function text(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let out = '';
    req.on('data', (c) => {
      out += c;
    });
    req.on('end', () => resolve(out));
  });
}

function http(over: Record<string, unknown>): HttpAdapterConfig {
  return AdapterConfig.parse({ type: 'http', ...over }) as HttpAdapterConfig;
}

async function run(adapter: Adapter, testCase: Case = refundCase) {
  return runCaseOnce(testCase, 0, {
    adapter,
    capture: createCapture(),
    checks: enabledChecks({} as never),
    timeoutMs: 5000,
  });
}

/** A loopback port nothing listens on (it was free a moment ago). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

let service: Server;
let url: string;
const seen: Seen[] = [];
beforeAll(async () => {
  service = fakeService(seen, 'broken-case');
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(service.address() as AddressInfo).port}/turn`;
});
afterAll(() => new Promise<void>((resolve) => service.close(() => resolve())));

describe('createHttpAdapter', () => {
  it('sends each step with a traceparent, and judges the spans the service exported', async () => {
    const adapter = createHttpAdapter(
      http({ url, headers: { 'x-otlp': '{{otlp.traces_endpoint}}' }, span_wait_ms: 500 }),
      SUITE,
    );
    await adapter.setup?.();
    seen.length = 0;

    const result = await run(adapter).finally(() => adapter.teardown?.());

    expect(result.status).toBe('pass');
    expect(result.handoffs).toMatchObject([{ from: 'triage', to: 'refunds', step: 1 }]);
    const [first, second] = seen.map((s) => s.traceparent?.split('-'));
    expect(first?.[1]).toBe(second?.[1]);
    expect(first?.[2]).not.toBe(second?.[2]);
    expect(seen.map((s) => s.body.run_id)).toEqual([first?.[1], first?.[1]]);
  });

  it('reads the decision from response bodies for a service that exports no spans', async () => {
    const adapter = createHttpAdapter(
      http({
        url,
        decision: { from: 'response', handoff_to: 'route.to', payload: 'route.env' },
        span_wait_ms: 0,
      }),
      SUITE,
    );
    await adapter.setup?.();

    const result = await run(adapter).finally(() => adapter.teardown?.());

    expect(result.status).toBe('pass');
    expect(result.handoffs).toMatchObject([{ from: 'triage', to: 'refunds', step: 1 }]);
  });

  it('makes a non-2xx answer a case error naming the step, the request and the body', async () => {
    const adapter = createHttpAdapter(http({ url, span_wait_ms: 0 }), SUITE);
    await adapter.setup?.();

    const result = await run(adapter, { ...refundCase, id: 'broken-case' }).finally(() =>
      adapter.teardown?.(),
    );

    expect(result.status).toBe('error');
    expect(result.error).toEqual({
      code: 'adapter.request',
      message: `step 0: POST ${url} answered 500 Internal Server Error: {"error":"desk down"}`,
    });
  });

  it('makes an unreachable service a case error', async () => {
    const closed = await closedPort();
    const adapter = createHttpAdapter(
      http({ url: `http://127.0.0.1:${closed}/turn`, span_wait_ms: 0 }),
      SUITE,
    );
    await adapter.setup?.();

    const result = await run(adapter).finally(() => adapter.teardown?.());

    expect(result.error).toEqual({
      code: 'adapter.request',
      message: `step 0: POST http://127.0.0.1:${closed}/turn failed: connection refused (is the service running?)`,
    });
  });

  it('refuses placeholders where Baton does not fill them, and {{port}} without a service to start', () => {
    const command = () =>
      createHttpAdapter(http({ url, start: { command: '{{otlp.endpoint}}' } }), SUITE);
    const port = () => createHttpAdapter(http({ url: 'http://127.0.0.1:{{port}}/turn' }), SUITE);

    expect(command).toThrow(
      'Failed to read adapter.start.command in suites/unit-http.yaml: unknown placeholder {{otlp.endpoint}}. Write the value out.',
    );
    expect(port).toThrow(
      "Failed to read adapter.url in suites/unit-http.yaml: {{port}} is the port Baton picks for a service it starts, and there is no adapter.start. Write the service's port, or add adapter.start.",
    );
  });

  it('refuses unknown placeholders before anything starts', () => {
    const make = () => createHttpAdapter(http({ url, body: { id: '{{case.name}}' } }), SUITE);

    expect(make).toThrow(BatonError);
    expect(make).toThrow(
      'Failed to read adapter.body.id in suites/unit-http.yaml: unknown placeholder {{case.name}}. Use {{port}}, {{otlp.endpoint}}, {{otlp.traces_endpoint}}, {{case.id}}, {{case.entry}}, {{case.repeat}}, {{run.id}}, {{step.index}}, {{step.kind}}, {{step.text}}, {{step}}.',
    );
  });
});
