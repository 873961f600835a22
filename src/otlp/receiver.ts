import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, inflateSync } from 'node:zlib';
import type { SpanRecord } from '../normalize/span-record.ts';
import { type ConvertedSpans, spansFromOtlp } from './otlp-json.ts';
import { decodeTraceRequest, encodeTraceResponse } from './otlp-protobuf.ts';
import { TraceRouter } from './trace-router.ts';

/** The largest request body the receiver reads (OTLP exporters batch far below this). */
const MAX_BODY_BYTES = 32 * 1024 * 1024;

/** Where the receiver files the spans of a request; returns how many it could not take. */
export interface SpanSink {
  add(spans: readonly SpanRecord[]): number;
}

/** An OTLP/HTTP trace receiver on loopback whose spans go to the case run of their trace id. */
export interface OtlpReceiver<S extends SpanSink = TraceRouter> {
  /** `http://127.0.0.1:<port>`: what OTEL_EXPORTER_OTLP_ENDPOINT should say. */
  readonly endpoint: string;
  /** `<endpoint>/v1/traces`: what OTEL_EXPORTER_OTLP_TRACES_ENDPOINT should say. */
  readonly tracesEndpoint: string;
  readonly port: number;
  readonly router: S;
  stop(): Promise<void>;
}

/**
 * Starts the receiver on 127.0.0.1 (`port` 0 picks a free one). It accepts `POST /v1/traces`
 * with OTLP JSON (`application/json`) or protobuf (`application/x-protobuf`), gzip or not, and
 * answers as the OTLP/HTTP spec says: 200 with an (empty, or partial-success) response.
 */
export async function startOtlpReceiver(port?: number): Promise<OtlpReceiver>;
export async function startOtlpReceiver<S extends SpanSink>(
  port: number,
  sink: S,
  host?: string,
): Promise<OtlpReceiver<S>>;
export async function startOtlpReceiver(
  port = 0,
  router: SpanSink = new TraceRouter(),
  host = '127.0.0.1',
): Promise<OtlpReceiver<SpanSink>> {
  const server = createServer((req, res) => {
    handle(req, res, router).catch((error: unknown) => {
      reply(res, 500, { code: 13, message: `Baton's OTLP receiver broke: ${error}` });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  const endpoint = `http://${host.includes(':') ? `[${host}]` : host}:${bound}`;
  return {
    endpoint,
    tracesEndpoint: `${endpoint}/v1/traces`,
    port: bound,
    router,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

type Protocol = 'json' | 'protobuf';

async function handle(req: IncomingMessage, res: ServerResponse, router: SpanSink) {
  const path = (req.url ?? '').split('?')[0];
  if (path !== '/v1/traces') {
    return reply(res, 404, {
      code: 5,
      message: `Baton's OTLP receiver accepts traces only, at POST /v1/traces (got ${path}).`,
    });
  }
  if (req.method !== 'POST') {
    res.setHeader('allow', 'POST');
    return reply(res, 405, { code: 12, message: 'Use POST /v1/traces.' });
  }
  const protocol = protocolOf(req.headers['content-type']);
  if (!protocol) {
    return reply(res, 415, {
      code: 3,
      message: `Baton's OTLP receiver reads application/json or application/x-protobuf, not ${req.headers['content-type'] ?? 'a body without content-type'}. Set OTEL_EXPORTER_OTLP_PROTOCOL=http/json (or http/protobuf).`,
    });
  }
  let converted: ConvertedSpans;
  try {
    const body = decompress(await readBody(req), req.headers['content-encoding']);
    converted = spansFromOtlp(
      protocol === 'json' ? JSON.parse(body.toString('utf8')) : decodeTraceRequest(body),
    );
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return reply(res, 400, {
      code: 3,
      message: `Failed to read the OTLP ${protocol} request: ${why}.`,
    });
  }
  const dropped = router.add(converted.spans);
  const rejected = converted.rejected + dropped;
  const reasons = [
    converted.problem,
    dropped > 0 && `${dropped} span(s) belong to no case Baton is running; they were dropped`,
  ].filter(Boolean);
  if (protocol === 'protobuf') {
    return replyBytes(res, encodeTraceResponse(rejected, reasons.join('; ')));
  }
  // OTLP/JSON writes int64 as a string.
  const partialSuccess =
    rejected === 0 ? {} : { rejectedSpans: String(rejected), errorMessage: reasons.join('; ') };
  reply(res, 200, { partialSuccess });
}

function protocolOf(contentType: string | undefined): Protocol | undefined {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (type === 'application/json') return 'json';
  if (type === 'application/x-protobuf' || type === 'application/protobuf') return 'protobuf';
  return undefined;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error(`the body is larger than ${MAX_BODY_BYTES} bytes`));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function decompress(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}

function replyBytes(res: ServerResponse, bytes: Uint8Array): void {
  res.writeHead(200, { 'content-type': 'application/x-protobuf', 'content-length': bytes.length });
  res.end(bytes);
}

/** A JSON answer; errors are a google.rpc.Status (`code`, `message`) as the spec suggests. */
function reply(res: ServerResponse, status: number, body: object): void {
  if (res.headersSent) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}
