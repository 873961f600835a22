/**
 * Reading recorded traces: writes a 1,000,000-span OTLP JSON-lines file to the temp folder (as a
 * Collector's file exporter would: batches of 100 spans, 64 conversations in flight, each span
 * written when it ends; every trace is whole), then, in child processes of their own on plain
 * Node taking turns (bench/traces-child.mjs), reads it with a bare `readline` + `JSON.parse` loop
 * (the parser's speed: it only counts the spans) and with Baton's streaming reader from the
 * built package (`baton-handoffs/traces`) normalising every trace into a timeline. Prints spans/s
 * of both, their ratio (median of interleaved rounds, with the machine load during them), each
 * one's peak resident memory and CPU time, and how many traces came out cut: checked against the
 * generator, not taken from the reader. Then runs the built `baton traces stats` on the same file
 * once (the command as a user runs it) for its time, CPU and peak memory. Needs `npm run build`.
 * Usage: node bin/run-ts.mjs bench/traces.ts [spans=1000000]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const BATCH = 100;
const IN_FLIGHT = 64;
const SPANS_PER_TURN = 10;
const ROUNDS = 3;

interface Read {
  readonly spans: number;
  readonly traces: number;
  readonly handoffs: number;
  /** Traces the reader itself flagged as partial. */
  readonly partial: number;
  /** Traces without all of their spans, whatever the reader said. */
  readonly cut: number;
  readonly ms: number;
  /** CPU time of the whole child process (user + system), start-up included. */
  readonly cpuMs: number;
  readonly peakRssMb: number;
}

type Line = (label: string, value: string) => void;

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? NaN;

/** Writes the file, then times both readers in child processes, taking turns; prints with `line`. */
export async function benchTraces(line: Line, spans = 1_000_000): Promise<void> {
  const root = resolve(import.meta.dirname, '..');
  if (!existsSync(join(root, 'dist/public/traces.js')))
    throw new Error('dist/ is missing: run npm run build');
  const file = join(tmpdir(), `baton-bench-traces-${process.pid}.jsonl`);
  try {
    const written = await writeFile(file, spans);
    const fileMb = (await stat(file)).size / 1e6;
    line(
      'trace file (OTLP JSON lines)',
      `${written.spans} spans in ${written.traces} whole traces, ${fileMb.toFixed(0)} MB, written in ${(written.ms / 1e3).toFixed(1)} s`,
    );
    const child = (mode: 'bare' | 'baton'): Read => {
      const out = execFileSync(
        process.execPath,
        [join(root, 'bench/traces-child.mjs'), mode, file, String(SPANS_PER_TURN)],
        { encoding: 'utf8', maxBuffer: 1 << 20 },
      );
      return JSON.parse(out.trim().split('\n').at(-1) as string) as Read;
    };
    const bare: Read[] = [];
    const baton: Read[] = [];
    const loads: string[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      loads.push((loadavg()[0] as number).toFixed(1));
      if (i % 2 === 0) bare.push(child('bare'));
      baton.push(child('baton'));
      if (i % 2 === 1) bare.push(child('bare'));
    }
    const rate = (r: Read) => r.spans / (r.ms / 1e3);
    const b = baton.at(-1) as Read;
    const figures = (reads: Read[]) =>
      `${Math.round(median(reads.map(rate)))} spans/s  peak RSS ${median(reads.map((r) => r.peakRssMb)).toFixed(0)} MB  CPU ${(median(reads.map((r) => r.cpuMs)) / 1e3).toFixed(1)} s`;
    line('bare readline + JSON.parse loop', figures(bare));
    line('baton read + normalise (built)', figures(baton));
    line(
      '  speed vs the bare loop',
      `${median(baton.map((r, i) => rate(r) / rate(bare[i] as Read))).toFixed(2)}× (median of ${ROUNDS} interleaved rounds; load during them ${loads.join(' → ')})`,
    );
    line(
      '  traces',
      `${b.traces} read, ${b.handoffs} handoffs, ${b.cut} cut (missing spans), ${b.partial} flagged partial by the reader`,
    );
    const load = (loadavg()[0] as number).toFixed(1);
    const stats = statsCli(root, file);
    line(
      'baton traces stats (built CLI)',
      `${Math.round(written.spans / (stats.ms / 1e3))} spans/s  peak RSS ${stats.peakRssMb.toFixed(0)} MB  CPU ${(stats.cpuMs / 1e3).toFixed(1)} s  (${stats.conversations} conversations; load ${load})`,
    );
  } finally {
    await rm(file, { force: true });
  }
}

/** One conversation turn in the GenAI shape: 10 spans, one handoff, children end first. */
function turnSpans(n: number, t0: number): object[] {
  // n + 1: an all-zero trace id is invalid in OpenTelemetry.
  const trace = (((n + 1) * 2654435761) >>> 0).toString(16).padStart(8, '0').repeat(4);
  const id = (k: number) =>
    `${((n + 1) % 0xffffffff).toString(16).padStart(8, '0')}${k.toString(16).padStart(8, '0')}`;
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

export async function writeFile(file: string, total: number) {
  const started = performance.now();
  const out = createWriteStream(file);
  const flights: object[][] = [];
  const turns = Math.ceil(total / SPANS_PER_TURN); // whole traces only: none is cut at the end
  let next = 0;
  let spans = 0;
  const t0 = Date.UTC(2025, 5, 3);
  let cursor = 0;
  while (next < turns || flights.length > 0) {
    // A batch takes the next span of each conversation in flight in turn: traces interleave.
    const batch: object[] = [];
    while (batch.length < BATCH && (next < turns || flights.length > 0)) {
      while (flights.length < IN_FLIGHT && next < turns)
        flights.push(turnSpans(next, t0 + next++ * 7));
      cursor %= flights.length;
      const flight = flights[cursor] as object[];
      batch.push(flight.shift() as object);
      if (flight.length === 0) flights.splice(cursor, 1);
      else cursor++;
    }
    spans += batch.length;
    const request = {
      resourceSpans: [
        { resource: { attributes: [] }, scopeSpans: [{ scope: { name: 'bench' }, spans: batch }] },
      ],
    };
    if (!out.write(`${JSON.stringify(request)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return { spans, traces: turns, ms: performance.now() - started };
}

/**
 * `baton traces stats` on the file with the built CLI, as a user runs it, its report discarded:
 * wall time from here, CPU and peak memory from the child itself (bench/print-rss.cjs).
 */
function statsCli(root: string, file: string) {
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    [
      '--require',
      join(root, 'bench/print-rss.cjs'),
      join(root, 'dist/cli/bin.js'),
      'traces',
      'stats',
      file,
      '--json',
      '-',
    ],
    { encoding: 'utf8', maxBuffer: 1 << 26, env: { ...process.env, NO_COLOR: '1' } },
  );
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`baton traces stats exited ${run.status}: ${run.stderr}`);
  const conversations = (JSON.parse(run.stdout) as { metrics: { conversations: number } }).metrics
    .conversations;
  return {
    conversations,
    ms,
    cpuMs: Number(/baton-cpu-ms (\d+)/.exec(run.stderr)?.[1]),
    peakRssMb: (Number(/baton-peak-rss-kb (\d+)/.exec(run.stderr)?.[1]) * 1024) / 1e6,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  await benchTraces(
    (label, value) => console.log(`${label.padEnd(34)} ${value}`),
    Number(process.argv[2] ?? 1_000_000),
  );
}
