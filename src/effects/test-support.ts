import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { context, trace } from '@opentelemetry/api';
import type { Adapter, CaseContext, CaseRunOutput } from '../adapters/adapter.ts';
import { createCapture } from '../capture/capture.ts';
import { ATTR, EVENT } from '../conventions/attributes.ts';
import type { Fault } from '../model/fault.ts';
import type { Case } from '../model/labelled-case.ts';
import type { SpanRecord } from '../normalize/span-record.ts';

/** Test helpers for the HTTP ledger: real capture, real spans, a loopback server. */
export const capture = createCapture();

export function testCase(id: string, faults?: readonly Fault[]): Case {
  return {
    id,
    title: id,
    source: 'effects tests',
    tags: [],
    agents: ['triage', 'refunds'],
    persons: [],
    entry: 'triage',
    steps: [{ kind: 'customer', text: `case ${id}` }],
    labels: { handoffs: [] },
    ...(faults && { faults }),
  };
}

/** An adapter whose one case body is `body`, run inside step 0. */
export function adapterOf(body: (c: Case, ctx: CaseContext) => Promise<void>): Adapter {
  return {
    name: 'test',
    async runCase(c, ctx) {
      await ctx.step(0, () => body(c, ctx));
      return undefined;
    },
  };
}

export interface CaseSpans {
  readonly spans: SpanRecord[];
  readonly error: unknown;
  readonly output: CaseRunOutput | undefined;
}

/** Runs one case the way Baton's runner does: its own capture scope and root span. */
export async function runCase(
  adapter: Adapter,
  c: Case,
  repeat = 0,
  abort = new AbortController(),
): Promise<CaseSpans> {
  const scope = capture.open(c.id, repeat);
  const ctx: CaseContext = {
    tracer: capture.tracer,
    signal: abort.signal,
    get aborted() {
      return abort.signal.aborted;
    },
    repeat,
    step: (index, handle) =>
      capture.tracer.startActiveSpan(
        `baton.step ${index}`,
        { attributes: { [ATTR.event]: EVENT.step, [ATTR.stepIndex]: index } },
        async (span) => {
          try {
            return await handle(c.steps[index]!);
          } finally {
            span.end();
          }
        },
      ),
  };
  let error: unknown;
  let output: CaseRunOutput | undefined;
  try {
    output = await context.with(scope.context, () => adapter.runCase(c, ctx));
  } catch (e) {
    error = e;
  }
  return { spans: scope.close(), error, output };
}

/** Runs `fn` inside an agent span (`baton.event = agent`), as an implementation would. */
export function asAgent<T>(agent: string, fn: () => Promise<T>): Promise<T> {
  return trace
    .getTracer('test-impl')
    .startActiveSpan(
      `agent ${agent}`,
      { attributes: { [ATTR.event]: EVENT.agent, [ATTR.agent]: agent } },
      async (span) => {
        try {
          return await fn();
        } finally {
          span.end();
        }
      },
    );
}

export function spansOf(spans: readonly SpanRecord[], event: string): SpanRecord[] {
  return spans.filter((s) => s.attributes[ATTR.event] === event).sort((a, b) => a.start - b.start);
}

export function byName(spans: readonly SpanRecord[], name: string): SpanRecord {
  const span = spans.find((s) => s.name === name);
  if (!span) throw new Error(`no span named ${name} in ${spans.map((s) => s.name).join(', ')}`);
  return span;
}

/** What a loopback server received. */
export interface Received {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

/** A node:http server on 127.0.0.1, port 0, that records what it receives. */
export async function localServer(
  answer: (r: Received) => {
    status?: number;
    headers?: Record<string, string>;
    body: string | Uint8Array;
  },
) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const r = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      received.push(r);
      const a = answer(r);
      res.writeHead(a.status ?? 200, a.headers ?? { 'content-type': 'application/json' });
      res.end(a.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    host: `127.0.0.1:${port}`,
    origin: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Resolves once `parties` callers are waiting: their requests are then all in flight at once. */
export function barrier(parties: number): () => Promise<void> {
  let waiting = 0;
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    waiting += 1;
    if (waiting >= parties) open();
    return opened;
  };
}

/** Barriers for successive rounds of `parties` calls each (every lookup, then every refund). */
export function rounds(parties: number, count: number): () => Promise<void> {
  const all = Array.from({ length: count }, () => barrier(parties));
  let calls = 0;
  return () => all[Math.floor(calls++ / parties)]?.() ?? Promise.resolve();
}
