/**
 * `npm run bench`: how fast Baton is, each figure saying what it measures. Not a test: numbers
 * vary with the machine, so the shared-machine load (`uptime`) is printed first and compared
 * figures are measured side by side in one run.
 * - Start-up: whole CLI processes against `node -e 0` (bench/startup.ts).
 * - Against a peer: the same trivial handoff cases through Baton and promptfoo, whole processes
 *   at concurrency 4, interleaved (bench/peer.ts; `--no-peer` skips it).
 * - In process, over N cases generated from the bundled support cases: the bare router loop and
 *   the implementation with its spans going to a no-op OpenTelemetry API (in turns, in a process
 *   of their own, bench/noop.ts), and
 *   the full Baton run (module adapter, span capture, normalisation, every check, metrics,
 *   gates, report.json; a separate process too, bench/full-child.ts). "baton alone" is Baton's own cost per case with an adapter that only
 *   emits one handoff, measured in a process of its own beside the bare loop (bench/alone.ts).
 * - Envelope properties, the HTML report, model traffic, and recorded traces (bench/traces.ts).
 * - Isolation and redaction (bench/isolation.ts), and a 20,000-conversation `baton shadow` run on
 *   a fake clock (bench/shadow.ts).
 * - Case loading: N case files read, parsed and checked by the suite loader (bench/load-cases.ts).
 * Usage: npm run bench -- [cases=10000] [--no-peer]; only isolation and redaction:
 * npm run bench -- isolation [cases=1000]; only case loading: npm run bench -- load-cases [files];
 * only a whole `baton run` of case files, its wall time and peak memory (bench/run-scale.ts):
 * npm run bench -- run-scale [files...=10000 100000] [--shards K] [--variants]
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { benchEnvelopes } from './envelopes.ts';
import { batonRun } from './full-run.ts';
import { generateCases } from './generate-cases.ts';
import { benchStartup } from './startup.ts';
import { loadTemplates, root } from './templates.ts';

if (process.argv[2] === 'load-cases') {
  await (await import('./load-cases.ts')).benchLoadCases(line, Number(process.argv[3] ?? 10_000));
  process.exit(0);
}
if (process.argv[2] === 'run-scale') {
  line(
    'machine load (uptime)',
    loadavg()
      .map((x) => x.toFixed(2))
      .join(', '),
  );
  const { benchRunScale, runScaleOptions } = await import('./run-scale.ts');
  const o = runScaleOptions(process.argv.slice(3));
  benchRunScale(line, o.sizes, o.reporters, o.keep, o.source, o.shards, o.variants);
  process.exit(0);
}
if (process.argv[2] === 'isolation') {
  await (await import('./isolation.ts')).benchIsolationAlone(Number(process.argv[3] ?? 1_000));
  process.exit(0);
}

const args = process.argv.slice(2);
const N = Number(args.find((a) => !a.startsWith('--')) ?? 10_000);

/**
 * The implementation with a no-op OpenTelemetry API, and the bare routing loop beside it, in a
 * process without Baton's capture (bench/noop.ts).
 */
function instrumentedNoop(n: number): { ms: number; bareMs: number } {
  const out = execFileSync(
    process.execPath,
    [resolve(root, 'bin/run-ts.mjs'), resolve(root, 'bench/noop.ts'), String(n)],
    { encoding: 'utf8' },
  );
  return JSON.parse(out.trim().split('\n').at(-1) as string) as { ms: number; bareMs: number };
}

/** Full Baton runs at concurrency 1 and 4, in a process of their own (bench/full-child.ts). */
function fullRuns(n: number): {
  concurrency: number;
  runMs: number;
  renderMs: number;
  jsonBytes: number;
  summary: { passed: number; failed: number; errored: number };
}[] {
  const out = execFileSync(
    process.execPath,
    [resolve(root, 'bin/run-ts.mjs'), resolve(root, 'bench/full-child.ts'), String(n)],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  return JSON.parse(out.trim().split('\n').at(-1) as string);
}

function line(label: string, value: string): void {
  console.log(`${label.padEnd(34)} ${value}`);
}

const [one, five, fifteen] = loadavg().map((x) => x.toFixed(2));
line('machine load (uptime)', `${one}, ${five}, ${fifteen} on this machine; figures vary with it`);

// Start-up first, while nothing else of this process competes for the machine.
benchStartup(line);
if (!args.includes('--no-peer')) (await import('./peer.ts')).benchPeer(line);

const templates = await loadTemplates();
const cases = generateCases(templates, N);
const { ms: noopMs, bareMs } = instrumentedNoop(N);
const runs = fullRuns(N);
// Baton alone, in a process of its own (bench/alone.ts): several runs, each beside a bare-loop
// run (the order alternating), so that the shared machine's load falls on both alike; the
// median of each, and Baton's CPU time.
const OWN_SPANS = 10;
const alone = JSON.parse(
  execFileSync(
    process.execPath,
    [
      resolve(root, 'bin/run-ts.mjs'),
      resolve(root, 'bench/alone.ts'),
      String(N),
      String(OWN_SPANS),
    ],
    { encoding: 'utf8' },
  )
    .trim()
    .split('\n')
    .at(-1) as string,
) as { floor: number[]; cpu: number[]; bare: number[]; own: number[]; load: number[] };
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? NaN;
const floorMs = median(alone.floor);
const floorLoad = `${Math.min(...alone.load).toFixed(2)}–${Math.max(...alone.load).toFixed(2)}`;
const perCase = (ms: number) => `${((ms / N) * 1e3).toFixed(1)} µs a case`;

line('cases (in process)', `${N} (generated from ${templates.length} bundled cases)`);
line('steps', `${cases.reduce((n, c) => n + c.steps.length, 0)}`);
line(
  'bare router loop',
  `${(bareMs / 1e3).toFixed(3)} s  ${Math.round(N / (bareMs / 1e3))} cases/s (routing logic only; in turns with the next line)`,
);
line(
  'implementation, no-op OTel API',
  `${(noopMs / 1e3).toFixed(3)} s  ${Math.round(N / (noopMs / 1e3))} cases/s (a process of its own, no SDK)`,
);
line(
  '  its instrumentation, no SDK',
  noopMs >= bareMs
    ? `${perCase(noopMs - bareMs)} (spans into the no-op API; best of 3, in turns with the bare loop)`
    : `within the machine's noise (the bare loop read ${perCase(bareMs - noopMs)} slower)`,
);
for (const r of runs) {
  line(
    `baton run, concurrency ${r.concurrency}`,
    `${(r.runMs / 1e3).toFixed(3)} s  ${Math.round(N / (r.runMs / 1e3))} cases/s (cases in memory; a process of its own)`,
  );
  line('  overhead vs bare loop', perCase(r.runMs - bareMs));
  line('  overhead vs no-op OTel', perCase(r.runMs - noopMs));
  line(
    `  verdicts`,
    `${r.summary.passed} passed, ${r.summary.failed} failed, ${r.summary.errored} errored`,
  );
  line(`  report.json render`, `${r.renderMs.toFixed(0)} ms, ${(r.jsonBytes / 1e6).toFixed(1)} MB`);
}
line(
  'baton alone (empty adapter)',
  `${perCase(floorMs)}: runner, capture with the SDK, normalise, checks, metrics (4 steps, 1 handoff; a process of its own)`,
);
line(
  '  5 runs beside the bare loop',
  `${perCase(Math.min(...alone.floor))} fastest, ${perCase(Math.max(...alone.floor))} slowest, ${perCase(median(alone.cpu))} of CPU; bare loop ${perCase(median(alone.bare))} (load ${floorLoad})`,
);
// Each round's own-spans run beside its floor run: the median of their differences.
const ownSpansMs = median(alone.own.map((own, i) => own - (alone.floor[i] as number)));
line(
  `  ${OWN_SPANS} spans of your own on top`,
  `${((ownSpansMs / N / OWN_SPANS) * 1e3).toFixed(1)} µs a span (plain API spans, 2 attributes: recorded by the SDK and normalised; the median of the rounds' differences)`,
);
const c1 = runs[0] as (typeof runs)[number];
line(
  "  the router's own spans on top",
  `${perCase(c1.runMs - noopMs - floorMs)} (recorded by the SDK and normalised, concurrency 1)`,
);
const envelopes = await benchEnvelopes(1_000);
line(
  'envelope properties, 1 edge',
  `${envelopes.calls} receiver calls in ${envelopes.ms.toFixed(0)} ms  ${envelopes.perSecond} envelopes/s`,
);
// The HTML report's figures need a report: one more run, here, at concurrency 4.
await (await import('./html.ts')).benchHtml((await batonRun(cases, 4)).report, line);
line('peak memory (max RSS)', `${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
await (await import('./load-cases.ts')).benchLoadCases(line, N); // case files, in child processes
await (await import('./model-traffic.ts')).benchModelTraffic(line);
await (await import('./isolation.ts')).benchIsolation(generateCases(templates, 1_000), line);
await (await import('./traces.ts')).benchTraces(line); // recorded traces, in child processes
(await import('./shadow.ts')).benchShadow(line); // a long shadow run, in a child process
