// The support desk behind HTTP: `POST /turn` routes one step of a conversation and exports the
// spans it made over OTLP/JSON. Start it yourself, or let a Baton suite start it (adapter.start).
//
//   node bin/run-ts.mjs examples/http-service/server.ts [--port 8787] [--policy file] [--flawed]
//
// Environment: PORT; OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or OTEL_EXPORTER_OTLP_ENDPOINT (Baton
// sets both); OTEL_TRACES_EXPORTER=none to run untraced; SUPPORT_DESK_FLAWED=1 for --flawed;
// SUPPORT_DESK_FAIL_CASE=<case id> answers 500 to that case's turns (to test error handling).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadPolicy } from '../support-router/policy.ts';
import { Desk, type Turn } from './desk.ts';
import { emitRequest, emitTurn } from './emit-spans.ts';
import { parentFrom, startTracing, tracesEndpoint } from './tracing.ts';
import { parseTurn, responseOf } from './turn-body.ts';

const { values: flags } = parseArgs({
  options: {
    port: { type: 'string' },
    policy: { type: 'string' },
    flawed: { type: 'boolean', default: false },
  },
});
const env = process.env;
const port = Number(flags.port ?? env.PORT ?? 8787);
const policyFile =
  flags.policy ?? fileURLToPath(new URL('../support-router/policy.yaml', import.meta.url));
const flawed = flags.flawed || env.SUPPORT_DESK_FLAWED === '1';
const failCase = env.SUPPORT_DESK_FAIL_CASE;

const desk = new Desk(await loadPolicy(policyFile), flawed);
const tracing = startTracing(tracesEndpoint(env));

const server = createServer((req, res) => {
  handle(req, res).catch((error: unknown) => send(res, 500, { error: String(error) }));
});

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method === 'GET' && req.url === '/health') return send(res, 200, { ok: true, flawed });
  if (req.method !== 'POST' || req.url !== '/turn') {
    return send(res, 404, { error: 'use POST /turn or GET /health' });
  }
  const parsed = parseTurn(await readText(req));
  if (typeof parsed === 'string') return send(res, 400, { error: parsed });
  if (failCase !== undefined && parsed.case_id === failCase) {
    return send(res, 500, { error: `the desk is down for case ${failCase}` });
  }
  const turn: Turn = parsed;
  const result = desk.turn(turn);
  const input = { conversation: turn.run_id, step: turn.step };
  emitRequest(parentFrom(req.headers.traceparent), input, (ctx) =>
    emitTurn(ctx, result.ownerBefore, result.actions, desk.isPerson),
  );
  // Spans first, answer second: when Baton reads the answer, the turn's spans are already in.
  await tracing.flush();
  send(res, 200, responseOf(result));
}

function readText(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
    });
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(text);
}

server.listen(port, '127.0.0.1', () => {
  const mode = tracing.enabled ? 'exporting spans' : 'untraced';
  // The bound port: with PORT=0 the system picks a free one.
  const bound = (server.address() as AddressInfo).port;
  console.log(
    `support desk on http://127.0.0.1:${bound} (${flawed ? 'flawed' : 'sound'}, ${mode})`,
  );
});

process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void tracing.shutdown().finally(() => process.exit(0));
});
