/**
 * Start-up as a user meets it, whole processes of the built CLI (dist/, built first when
 * missing): `baton --help`, and a one-case `baton run` of the module adapter with a JavaScript
 * and a TypeScript module importing the package root (the latter loads tsx) and a JavaScript one
 * importing `baton-handoffs/conventions` alone, each against a bare `node -e 0` run in turn
 * with it. Prints the median wall time of each and the median of the per-pair ratios.
 * Usage: node bin/run-ts.mjs bench/startup.ts [runs=11]
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const bin = resolve(root, 'dist/cli/bin.js');

const COMMANDS: readonly (readonly [string, readonly string[]])[] = [
  ['baton --help', [bin, '--help']],
  ['baton run, 1 case, JS module', [bin, 'run', 'bench/one-case/suite-mjs.yaml']],
  ['baton run, 1 case, JS, conventions', [bin, 'run', 'bench/one-case/suite-conventions.yaml']],
  ['baton run, 1 case, TS module', [bin, 'run', 'bench/one-case/suite-ts.yaml']],
];

function wallSeconds(args: readonly string[]): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { cwd: root, stdio: 'ignore' });
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} exited ${run.status}`);
  return (performance.now() - started) / 1e3;
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? NaN;

/** Median wall seconds of `args` and of `node -e 0`, and the median of their per-pair ratios. */
function paired(args: readonly string[], runs: number) {
  wallSeconds(args); // warm-up: file caches, tsx's transform cache
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < runs; i++) {
    a.push(wallSeconds(args));
    b.push(wallSeconds(['-e', '0']));
  }
  return { a: median(a), b: median(b), ratio: median(a.map((x, i) => x / b[i]!)) };
}

export function benchStartup(line: (label: string, value: string) => void, runs = 11): void {
  if (!existsSync(bin)) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
    if (build.status !== 0) throw new Error('npm run build failed: run it to see why');
  }
  for (const [label, args] of COMMANDS) {
    const r = paired(args, runs);
    line(label, `${r.a.toFixed(3)} s  ${r.ratio.toFixed(1)}× node -e 0 (${r.b.toFixed(3)} s)`);
  }
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) {
  benchStartup(
    (label, value) => console.log(`${label.padEnd(34)} ${value}`),
    Number(process.argv[2] ?? 11),
  );
}
