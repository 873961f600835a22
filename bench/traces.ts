/**
 * Reading recorded traces: writes a 1,000,000-span OTLP JSON-lines file to the temp folder (as a
 * Collector's file exporter would: batches of 100 spans, 64 conversations in flight, each span
 * written when it ends), then reads it back with Baton's streaming reader and normalises every
 * trace into a timeline. Prints spans/s and the peak resident memory of the read. It runs in a
 * child process of its own so that memory is the reader's alone, not the other benchmarks'.
 * Usage: node bin/run-ts.mjs bench/traces.ts [spans=1000000]
 */
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { normalize } from '../src/normalize/normalize.ts';
import { readTraces } from '../src/traces/read-traces.ts';

const BATCH = 100;
const IN_FLIGHT = 64;

interface Result {
  readonly spans: number;
  readonly traces: number;
  readonly handoffs: number;
  readonly partial: number;
  readonly fileMb: number;
  readonly writeMs: number;
  readonly readMs: number;
  readonly peakRssMb: number;
}

/** Runs the benchmark in a child process and prints its lines with `line`. */
export function benchTraces(line: (label: string, value: string) => void, spans = 1_000_000): void {
  const root = resolve(import.meta.dirname, '..');
  const out = execFileSync(
    process.execPath,
    [join(root, 'bin/run-ts.mjs'), join(root, 'bench/traces.ts'), String(spans), '--json'],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  print(JSON.parse(out.trim().split('\n').at(-1) as string) as Result, line);
}

function print(r: Result, line: (label: string, value: string) => void): void {
  line(
    'trace file (OTLP JSON lines)',
    `${r.spans} spans in ${r.traces} traces, ${r.fileMb.toFixed(0)} MB, written in ${(r.writeMs / 1e3).toFixed(1)} s`,
  );
  line(
    'read + normalise',
    `${(r.readMs / 1e3).toFixed(2)} s  ${Math.round(r.spans / (r.readMs / 1e3))} spans/s  ${r.handoffs} handoffs, ${r.partial} partial traces`,
  );
  line('  peak RSS while reading', `${r.peakRssMb.toFixed(0)} MB`);
}

/** One conversation turn in the GenAI shape: 10 spans, one handoff, children end first. */
function turnSpans(n: number, t0: number): object[] {
  const trace = (n * 2654435761).toString(16).padStart(8, '0').repeat(4).slice(0, 32);
  const id = (k: number) =>
    `${(n % 0xffffffff).toString(16).padStart(8, '0')}${k.toString(16).padStart(8, '0')}`;
  const ns = (ms: number) => `${t0 + ms}000000`;
  const attr = (key: string, v: string) => ({ key, value: { stringValue: v } });
  const span = (
    k: number,
    parent: number | undefined,
    name: string,
    at: number,
    attrs: object[],
  ) => ({
    traceId: trace,
    spanId: id(k),
    ...(parent !== undefined && { parentSpanId: id(parent) }),
    name,
    kind: 1,
    startTimeUnixNano: ns(at),
    endTimeUnixNano: ns(at + 40 - k),
    attributes: attrs,
    status: {},
  });
  const conv = attr('gen_ai.conversation.id', `conv-${n >> 2}`);
  const agent = (name: string) => [
    attr('gen_ai.operation.name', 'invoke_agent'),
    attr('gen_ai.agent.name', name),
    conv,
  ];
  const chat = [attr('gen_ai.operation.name', 'chat'), attr('gen_ai.request.model', 'gpt-4o')];
  return [
    span(3, 2, 'chat gpt-4o', 3, chat),
    span(4, 2, 'execute_tool lookup_order', 4, [
      attr('gen_ai.operation.name', 'execute_tool'),
      attr('gen_ai.tool.name', 'lookup_order'),
    ]),
    span(5, 2, 'chat gpt-4o', 5, chat),
    span(6, 2, 'execute_tool transfer_to_Billing', 6, [
      attr('gen_ai.operation.name', 'execute_tool'),
      attr('gen_ai.tool.name', 'transfer_to_Billing'),
      attr('gen_ai.tool.call.arguments', `{"order_id":"A-${n}","amount":${n % 1000}}`),
    ]),
    span(2, 1, 'invoke_agent Triage', 2, agent('Triage')),
    span(8, 7, 'chat gpt-4o', 8, chat),
    span(9, 7, 'execute_tool refund', 9, [attr('gen_ai.operation.name', 'execute_tool')]),
    span(7, 1, 'invoke_agent Billing', 7, agent('Billing')),
    span(1, 0, 'POST /chat', 1, [attr('http.request.method', 'POST'), conv]),
    span(0, undefined, 'chat turn', 0, [conv]),
  ];
}

async function writeFile(file: string, total: number): Promise<number> {
  const started = performance.now();
  const out = createWriteStream(file);
  const flights: object[][] = [];
  let next = 0;
  let written = 0;
  const t0 = Date.UTC(2025, 5, 3);
  let cursor = 0;
  while (written < total) {
    // A batch takes the next span of each conversation in flight in turn: traces interleave.
    const batch: object[] = [];
    while (batch.length < BATCH && written + batch.length < total) {
      while (flights.length < IN_FLIGHT) flights.push(turnSpans(next, t0 + next++ * 7));
      cursor %= flights.length;
      const flight = flights[cursor] as object[];
      batch.push(flight.shift() as object);
      if (flight.length === 0) flights.splice(cursor, 1);
      else cursor++;
    }
    written += batch.length;
    const request = {
      resourceSpans: [
        { resource: { attributes: [] }, scopeSpans: [{ scope: { name: 'bench' }, spans: batch }] },
      ],
    };
    if (!out.write(`${JSON.stringify(request)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return performance.now() - started;
}

async function run(total: number): Promise<Result> {
  const file = join(tmpdir(), `baton-bench-traces-${process.pid}.jsonl`);
  try {
    const writeMs = await writeFile(file, total);
    const fileMb = (await stat(file)).size / 1e6;
    globalThis.gc?.();
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    let spans = 0;
    let traces = 0;
    let handoffs = 0;
    let partial = 0;
    for await (const t of readTraces(file)) {
      traces++;
      spans += t.spans.length;
      if (t.partial) partial++;
      for (const e of normalize(t.spans).events) if (e.kind === 'handoff') handoffs++;
    }
    const readMs = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    return { spans, traces, handoffs, partial, fileMb, writeMs, readMs, peakRssMb: peak / 1e6 };
  } finally {
    await rm(file, { force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const total = Number(process.argv[2] ?? 1_000_000);
  const result = await run(total);
  if (process.argv.includes('--json')) console.log(JSON.stringify(result));
  else print(result, (label, value) => console.log(`${label.padEnd(34)} ${value}`));
}
