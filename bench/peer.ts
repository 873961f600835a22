/**
 * Baton beside promptfoo, end to end: the same N trivial handoff cases for both (one customer
 * step, an in-process router that makes one handoff decision, one assertion on that handoff),
 * each tool run as a whole process of its built CLI at concurrency 4, writing its JSON results.
 * promptfoo reads its tests from one YAML file; Baton is timed twice, on one case file a case (as
 * a team writes them) and on the same cases in one YAML stream, each its own row.
 * Runs are interleaved (the order alternates each round) so that the shared machine's load falls
 * on both alike; the figures are medians of whole-process wall time and CPU time (user + system
 * of every Node process the tool starts). From 1,000 cases on, each round also times the floor
 * (bench/peer-floor-child.mjs): Node's start, reading the case files, parsing them with js-yaml
 * and writing a report.json of Baton's size, with nothing of Baton loaded and no case run;
 * beside it, the time 20× promptfoo's median leaves. promptfoo is installed into a temporary folder, never
 * into Baton's dependencies; without a registry the comparison is skipped with one line.
 * Usage: node bin/run-ts.mjs bench/peer.ts [sizes=1,1000,10000]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  type Workload,
  writeBatonWorkload,
  writeCpuHook,
  writePromptfooWorkload,
} from './peer-workload.ts';

const PROMPTFOO = '0.121.20';
const root = resolve(import.meta.dirname, '..');

type Line = (label: string, value: string) => void;

interface Sample {
  readonly wall: number;
  readonly cpu: number;
}

/** promptfoo's CLI entry, installed once into the temp folder; a reason when it cannot be. */
function installPromptfoo(): { main: string } | { skipped: string } {
  const dir = join(tmpdir(), `baton-bench-promptfoo-${PROMPTFOO}`);
  const pkg = join(dir, 'node_modules/promptfoo/package.json');
  if (!existsSync(pkg)) {
    rmSync(dir, { recursive: true, force: true });
    const install = spawnSync(
      'npm',
      [
        'install',
        '--prefix',
        dir,
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        '--prefer-offline',
        `promptfoo@${PROMPTFOO}`,
      ],
      { encoding: 'utf8', timeout: 900_000 },
    );
    if (install.status !== 0 || !existsSync(pkg)) {
      const why = `${install.stderr ?? ''}`.trim().split('\n').at(-1) ?? 'no output';
      return { skipped: `skipped: npm could not install promptfoo@${PROMPTFOO} (${why})` };
    }
  }
  const { bin } = JSON.parse(readFileSync(pkg, 'utf8')) as { bin: Record<string, string> };
  return { main: join(dir, 'node_modules/promptfoo', bin.promptfoo ?? Object.values(bin)[0]!) };
}

/** One whole-process run: wall seconds, and CPU seconds summed over its Node processes. */
function measure(args: readonly string[], cwd: string, cpuHook: string, check: () => void): Sample {
  const cpuDir = join(cwd, '.cpu');
  rmSync(cpuDir, { recursive: true, force: true });
  const env = {
    ...process.env,
    NODE_OPTIONS: `--require ${cpuHook}`,
    BATON_BENCH_CPU_DIR: cpuDir,
    PROMPTFOO_DISABLE_TELEMETRY: '1',
    PROMPTFOO_DISABLE_UPDATE: '1',
    PROMPTFOO_CONFIG_DIR: join(cwd, '.promptfoo'),
    NO_COLOR: '1',
  };
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { cwd, env, encoding: 'utf8' });
  const wall = (performance.now() - started) / 1e3;
  if (run.error) throw run.error;
  if (run.status !== 0)
    throw new Error(`node ${args.join(' ')} exited ${run.status} in ${cwd}:\n${run.stderr}`);
  check();
  let cpu = 0;
  for (const f of readdirSync(cpuDir)) cpu += Number(readFileSync(join(cpuDir, f), 'utf8'));
  return { wall, cpu };
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? NaN;

function compareAt(n: number, promptfooMain: string, work: string, cpuHook: string, line: Line) {
  const files = writeBatonWorkload(join(work, `baton-${n}`), n, root, 'files');
  // Beside it, the same cases in one YAML stream: promptfoo too reads its tests from one file.
  const stream =
    n > 1 ? writeBatonWorkload(join(work, `baton-1file-${n}`), n, root, 'stream') : undefined;
  const peer = writePromptfooWorkload(join(work, `promptfoo-${n}`), n);
  const runBaton = (w: Workload) => () =>
    measure([join(root, 'dist/cli/bin.js'), 'run', 'suite.yaml'], w.dir, cpuHook, () => w.check());
  const runPeer = () =>
    measure([promptfooMain, 'eval', ...peer.args], peer.dir, cpuHook, () => peer.check());
  // One row a tool and layout; each round runs them all, in an order that rotates.
  const rows: { label: string; run: () => Sample; samples: Sample[] }[] = [
    { label: 'baton, a file a case', run: runBaton(files), samples: [] },
    ...(stream ? [{ label: 'baton, one YAML file', run: runBaton(stream), samples: [] }] : []),
    { label: `promptfoo ${PROMPTFOO}`, run: runPeer, samples: [] },
  ];
  for (const r of rows) r.run(); // warm-up: file caches, both tools' compile caches
  const rounds = n >= 10_000 ? 3 : n >= 1_000 ? 5 : 7;
  // What reading these files and writing this report costs any tool, in each round beside them.
  const floors: Floor[] = [];
  for (let i = 0; i < rounds; i++) {
    for (let j = 0; j < rows.length; j++) {
      const r = rows[(i + j) % rows.length] as (typeof rows)[number];
      r.samples.push(r.run());
    }
    if (n >= 1_000) floors.push(floorOf(files.dir));
  }
  const p = rows.at(-1)?.samples ?? [];
  const fmt = (xs: Sample[]) =>
    `${median(xs.map((s) => s.wall)).toFixed(2)} s wall  ${median(xs.map((s) => s.cpu)).toFixed(2)} s CPU`;
  const label = `${n.toLocaleString('en')} case${n === 1 ? '' : 's'}`;
  for (const r of rows) line(`${label}: ${r.label}`, fmt(r.samples));
  for (const r of rows.slice(0, -1)) {
    const ratio = (f: (s: Sample) => number) => median(p.map(f)) / median(r.samples.map(f));
    line(
      `${label}: faster, ${r.label.replace('baton, ', '')}`,
      `baton by ${ratio((s) => s.wall).toFixed(1)}× wall, ${ratio((s) => s.cpu).toFixed(1)}× CPU (medians of ${rounds} interleaved runs, load ${loadavg()[0]?.toFixed(2)})`,
    );
  }
  if (floors.length === 0) return;
  const part = (f: (x: Floor) => number) => (median(floors.map(f)) / 1e3).toFixed(2);
  const budget = median(p.map((s) => s.wall)) / 20;
  line(
    `${label}: floor, a file a case`,
    `${part((x) => x.ms)} s: Node's start ${part((x) => x.startMs)} s, reading the files ${part((x) => x.readMs)} s, js-yaml ${part((x) => x.parseMs)} s, writing Baton's report.json ${part((x) => x.writeMs)} s (no case run; median of ${floors.length}, beside the rounds); 20× promptfoo leaves ${budget.toFixed(2)} s`,
  );
}

interface Floor {
  readonly startMs: number;
  readonly readMs: number;
  readonly parseMs: number;
  readonly writeMs: number;
  readonly ms: number;
}

/** One run of bench/peer-floor-child.mjs on a file-a-case workload Baton has run (its report). */
function floorOf(dir: string): Floor {
  const child = spawnSync(
    process.execPath,
    [
      join(root, 'bench/peer-floor-child.mjs'),
      join(dir, 'cases'),
      join(dir, 'out/report.json'),
      join(dir, 'floor-report.json'),
    ],
    { encoding: 'utf8' },
  );
  if (child.status !== 0) throw new Error(`the floor run exited ${child.status}:\n${child.stderr}`);
  return JSON.parse(child.stdout) as Floor;
}

/** Prints the side-by-side comparison (or why it was skipped) with `line`. */
export function benchPeer(line: Line, sizes: readonly number[] = [1, 1_000, 10_000]): void {
  const installed = installPromptfoo();
  if ('skipped' in installed) {
    line('promptfoo comparison', installed.skipped);
    return;
  }
  if (!existsSync(join(root, 'dist/cli/bin.js')))
    throw new Error('dist/ is missing: run npm run build');
  const work = join(tmpdir(), `baton-bench-peer-${process.pid}`);
  try {
    const cpuHook = writeCpuHook(work);
    for (const n of sizes) compareAt(n, installed.main, work, cpuHook, line);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) {
  const sizes = (process.argv[2] ?? '1,1000,10000').split(',').map(Number);
  benchPeer((label, value) => console.log(`${label.padEnd(34)} ${value}`), sizes);
}
