import { gzipSync } from 'node:zlib';
import { JsonTraceSerializer, ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sdkSpans } from './otlp-test-spans.ts';
import { type OtlpReceiver, startOtlpReceiver } from './receiver.ts';

const CASE_A = '0af7651916cd43dd8448eb211c80319c';
const CASE_B = '4bf92f3577b34da6a3ce929d0e0e4736';
const STRANGER = 'ffffffffffffffffffffffffffffffff';

let receiver: OtlpReceiver;
beforeAll(async () => {
  receiver = await startOtlpReceiver(0);
});
afterAll(() => receiver.stop());

function post(body: string | Uint8Array, headers: Record<string, string>, path = '/v1/traces') {
  return fetch(`${receiver.endpoint}${path}`, { method: 'POST', body, headers });
}

function jsonOf(traceId: string): Uint8Array {
  return JsonTraceSerializer.serializeRequest(sdkSpans(traceId)) as Uint8Array;
}

describe('startOtlpReceiver', () => {
  it('listens on loopback and names its endpoints for the OTEL_EXPORTER_OTLP_* variables', () => {
    expect(receiver.endpoint).toBe(`http://127.0.0.1:${receiver.port}`);
    expect(receiver.tracesEndpoint).toBe(`${receiver.endpoint}/v1/traces`);
  });

  it('routes JSON spans to the case whose trace id they carry, and answers 200 {partialSuccess:{}}', async () => {
    receiver.router.open(CASE_A);
    receiver.router.open(CASE_B);

    const a = await post(jsonOf(CASE_A), { 'content-type': 'application/json' });
    const b = await post(jsonOf(CASE_B), { 'content-type': 'application/json; charset=utf-8' });

    expect(a.status).toBe(200);
    expect(await a.json()).toEqual({ partialSuccess: {} });
    expect(b.status).toBe(200);
    const spansA = receiver.router.close(CASE_A);
    const spansB = receiver.router.close(CASE_B);
    expect(spansA.map((s) => s.traceId)).toEqual([CASE_A, CASE_A]);
    expect(spansB.map((s) => s.traceId)).toEqual([CASE_B, CASE_B]);
  });

  it('drops spans of trace ids no case opened, and says so in partialSuccess', async () => {
    receiver.router.open(CASE_A);
    const before = receiver.router.dropped;

    const res = await post(jsonOf(STRANGER), { 'content-type': 'application/json' });

    expect(await res.json()).toEqual({
      partialSuccess: {
        rejectedSpans: '2',
        errorMessage: '2 span(s) belong to no case Baton is running; they were dropped',
      },
    });
    expect(receiver.router.dropped - before).toBe(2);
    expect(receiver.router.close(CASE_A)).toEqual([]);
  });

  it('drops spans that arrive after their case closed', async () => {
    receiver.router.open(CASE_A);
    receiver.router.close(CASE_A);

    await post(jsonOf(CASE_A), { 'content-type': 'application/json' });

    expect(receiver.router.close(CASE_A)).toEqual([]);
  });

  it('reads protobuf and gzip bodies, and answers protobuf with an empty response', async () => {
    receiver.router.open(CASE_A);
    const proto = ProtobufTraceSerializer.serializeRequest(sdkSpans(CASE_A)) as Uint8Array;

    const res = await post(gzipSync(proto), {
      'content-type': 'application/x-protobuf',
      'content-encoding': 'gzip',
    });

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-protobuf');
    expect((await res.arrayBuffer()).byteLength).toBe(0);
    expect(
      receiver.router
        .close(CASE_A)
        .map((s) => s.name)
        .sort(),
    ).toEqual(['agent triage', 'handoff triage -> refunds']);
  });

  it('answers 415 for other content types, naming the protocol to use', async () => {
    const res = await post('x', { 'content-type': 'text/plain' });

    expect(res.status).toBe(415);
    expect(((await res.json()) as { message: string }).message).toContain(
      'OTEL_EXPORTER_OTLP_PROTOCOL=http/json',
    );
  });

  it('answers 400 for a body that does not parse, 404 elsewhere and 405 for other methods', async () => {
    const bad = await post('{not json', { 'content-type': 'application/json' });
    const badProto = await post(Uint8Array.from([0x0a, 0x05]), {
      'content-type': 'application/x-protobuf',
    });
    const elsewhere = await post('{}', { 'content-type': 'application/json' }, '/v1/metrics');
    const get = await fetch(receiver.tracesEndpoint);

    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(
      /^Failed to read the OTLP json request: /,
    );
    expect(badProto.status).toBe(400);
    expect(elsewhere.status).toBe(404);
    expect(get.status).toBe(405);
  });
});
