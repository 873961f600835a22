import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type Context, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OtlpJsonExporter } from '../../examples/http-service/otlp-json-exporter.ts';
import type { ShadowReport } from '../../src/shadow/shadow-report.ts';
import { REPO, tempDir } from './helpers.ts';
import { startShadow } from './processes.ts';

const CANDIDATE = join(REPO, 'test/fixtures/shadow/payments/implementation.ts');
const CONVERSATIONS = 5;

/** A real payments API on loopback that counts every refund it is sent. */
let payments: Server;
let received: string[] = [];
let paymentsUrl: string;
beforeAll(async () => {
  payments = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push(body);
      res.writeHead(201, { 'content-type': 'application/json' }).end('{"status":"refunded"}');
    });
  });
  await new Promise<void>((r) => payments.listen(0, '127.0.0.1', r));
  paymentsUrl = `http://127.0.0.1:${(payments.address() as AddressInfo).port}/refunds`;
});
afterAll(() => new Promise<void>((r) => payments.close(() => r())));

/** The live desk: refunds for real, and exports each turn's spans to `endpoint` with the OTel SDK. */
async function liveDesk(endpoint: string): Promise<{ statuses: number[]; exports: number[] }> {
  const exporter = new OtlpJsonExporter(`${endpoint}/v1/traces`);
  const exports: number[] = [];
  const provider = new BasicTracerProvider({
    spanProcessors: [
      new SimpleSpanProcessor({
        export: (spans, done) =>
          exporter.export(spans, (r) => {
            exports.push(r.code);
            done(r);
          }),
        shutdown: () => exporter.shutdown(),
        forceFlush: () => exporter.forceFlush(),
      }),
    ],
  });
  const tracer = provider.getTracer('live-desk');
  const statuses: number[] = [];
  for (let i = 0; i < CONVERSATIONS; i++) {
    const refund = { order_id: `A-10${i}`, amount: 40 + i };
    const text = `refund ${refund.order_id} ${refund.amount}`;
    const request = tracer.startSpan('POST /chat', {
      attributes: {
        'gen_ai.conversation.id': `refund-${i}`,
        'baton.step.input': JSON.stringify({ kind: 'customer', text }),
      },
    });
    const ctx = trace.setSpan(ROOT_CONTEXT, request);
    const agent = (name: string, parent: Context) =>
      tracer.startSpan(
        `agent ${name}`,
        { attributes: { 'baton.event': 'agent', 'baton.agent.name': name } },
        parent,
      );
    const triage = agent('triage', ctx);
    tracer
      .startSpan(
        'handoff triage -> refunds',
        {
          attributes: {
            'baton.event': 'handoff',
            'baton.handoff.from': 'triage',
            'baton.handoff.to': 'refunds',
            'baton.handoff.reason': 'capability_boundary',
            'baton.handoff.payload': JSON.stringify(refund),
          },
        },
        trace.setSpan(ctx, triage),
      )
      .end();
    triage.end();
    const refunds = agent('refunds', ctx);
    const answer = await fetch(paymentsUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(refund),
    });
    statuses.push(answer.status);
    await answer.text();
    refunds.end();
    request.end();
    await provider.forceFlush();
  }
  await provider.shutdown();
  return { statuses, exports };
}

async function shadowBeside(effects: string) {
  const dir = await tempDir();
  const suite = join(dir.path, 'suite.yaml');
  await writeFile(
    suite,
    `name: payments-shadow\ncases: { include: [none/*.yaml] }\nadapter: { type: module, path: ${JSON.stringify(CANDIDATE)} }\n${effects}\nshadow: { idle_ms: 600000 }\n`,
  );
  received = [];
  const { shadow, endpoint } = await startShadow(
    [suite, '--port', '0', '--out', join(dir.path, 'out')],
    { PAYMENTS_URL: paymentsUrl },
  );
  const live = await liveDesk(endpoint);
  shadow.child.kill('SIGTERM');
  const code = await shadow.exited;
  const report = JSON.parse(
    await readFile(join(dir.path, 'out/shadow.json'), 'utf8'),
  ) as ShadowReport;
  await dir.remove();
  return { code, live, report, stderr: shadow.stderr() };
}

describe('a shadow candidate never reaches the world', () => {
  it('calls a declared payments endpoint that Baton fakes: blocked, and the real server sees only the live refunds', async () => {
    const { live, report } = await shadowBeside(
      `effects:\n  endpoints:\n    - { name: refund, url: ${JSON.stringify(paymentsUrl)}, identity: { body: order_id }, owner: refunds }\n  allow_hosts: [127.0.0.1]`,
    );
    expect(received).toHaveLength(CONVERSATIONS);
    expect(live.statuses).toEqual(Array(CONVERSATIONS).fill(201));
    // Every export of the live spans was accepted at once (one a span: SimpleSpanProcessor).
    expect(live.exports.length).toBeGreaterThanOrEqual(CONVERSATIONS * 4);
    expect(new Set(live.exports)).toEqual(new Set([0]));
    expect(report.traffic).toMatchObject({ compared: CONVERSATIONS, agreed: CONVERSATIONS });
    expect(report.effects.byEffect).toEqual({ refund: { blocked: CONVERSATIONS } });
  });

  it('refuses an undeclared host even when the suite allows it for CI runs', async () => {
    const { live, report } = await shadowBeside('effects:\n  allow_hosts: [127.0.0.1]');
    expect(received).toHaveLength(CONVERSATIONS);
    expect(live.statuses).toEqual(Array(CONVERSATIONS).fill(201));
    expect(report.traffic).toMatchObject({ compared: CONVERSATIONS, errored: 0 });
    expect(report.effects.refusedHosts).toEqual({ '127.0.0.1': CONVERSATIONS });
  });
});
