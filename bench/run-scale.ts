// A whole `baton run` at scale: writes N case files (the bundled support cases with fresh ids)
// and a suite running them against the support-router example, then runs the built CLI on it
// (dist/cli/bin.js, as installed; `--source` runs bin/baton.mjs) with the console and JSON
// reporters, plus
// any given with --reporter. Prints the wall time, the child's peak memory (max RSS, from
// /usr/bin/time -v where it exists, else the child's own process.resourceUsage) and the load.
// With --shards K it also runs the same cases as K shards (`--shard i/K`, one after another) and
// times `baton merge` of their reports: wall time and peak memory of the merge.
// With --variants it then runs the same cases as a suite comparing two variants (the current
// policy and the regressed one, which breaks some cases) and times `baton report` of the
// proposal's report.json against the current one's (report.html side by side); with --shards K
// too, the variants suite's K shards and `baton merge` of all their reports.
// Usage: npm run bench -- run-scale [N...=10000 100000] [--reporter md,junit] [--shards K] [--variants] [--keep] [--source]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** What one measured `baton run` gave. */
export interface ScaleRun {
  readonly cases: number;
  readonly seconds: number;
  readonly peakMb: number;
  readonly exit: number | null;
  readonly verdict: string;
}

function writeSuite(n: number, reporters: readonly string[]): string {
  const templates = readdirSync(join(root, 'cases/support'))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => readFileSync(join(root, 'cases/support', f), 'utf8'));
  const dir = join(tmpdir(), `baton-run-scale-${process.pid}`);
  mkdirSync(join(dir, 'cases'), { recursive: true });
  for (let i = 0; i < n; i++) {
    const text = templates[i % templates.length]!.replace(/^id: (.*)$/m, `id: $1-${i}`);
    writeFileSync(join(dir, 'cases', `case-${i}.yaml`), text);
  }
  const example = join(root, 'examples/support-router');
  writeFileSync(
    join(dir, 'suite.yaml'),
    [
      'name: scale',
      `allow_read: [${JSON.stringify(example)}]`,
      'cases: { include: [cases/*.yaml] }',
      'adapter:',
      '  type: module',
      `  path: ${JSON.stringify(join(example, 'implementation.ts'))}`,
      `  options: { policy: ${JSON.stringify(join(example, 'policy.yaml'))} }`,
      `reports: { formats: [${['console', 'json', ...reporters].join(', ')}] }`,
      'gates:',
      '  - { metric: pass_rate, min: 0.95 }',
      '  - { metric: errored, max: 0 }',
      '',
    ].join('\n'),
  );
  return dir;
}

/** Max RSS in MB from `/usr/bin/time -v`'s report on stderr. */
function timePeak(stderr: string): number | undefined {
  const m = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
  return m ? Number(m[1]) / 1024 : undefined;
}

function runOnce(
  dir: string,
  n: number,
  source: boolean,
  command: readonly string[] = ['run', 'suite.yaml', '--out', 'reports'],
): ScaleRun {
  const bin = source ? 'bin/baton.mjs' : 'dist/cli/bin.js';
  const cli = [join(root, bin), ...command];
  const timed = existsSync('/usr/bin/time');
  const [cmd, args] = timed
    ? ['/usr/bin/time', ['-v', process.execPath, ...cli]]
    : [process.execPath, ['--require', join(root, 'bench/print-rss.cjs'), ...cli]];
  const started = performance.now();
  const run = spawnSync(cmd, args as string[], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    env: { ...process.env, NO_COLOR: '1', CI: '' },
  });
  const seconds = (performance.now() - started) / 1e3;
  const peak =
    timePeak(run.stderr) ?? Number(/baton-peak-rss-kb (\d+)/.exec(run.stderr)?.[1]) / 1024;
  const verdict = /^(PASS|FAIL)\b.*$/m.exec(run.stdout)?.[0] ?? run.stderr.slice(-400);
  return { cases: n, seconds, peakMb: peak, exit: run.status, verdict };
}

/** `baton run, N case files: W s, peak M MB` through `line` (bench/run.ts's printer). */
export function benchRunScale(
  line: (label: string, value: string) => void,
  sizes: readonly number[],
  reporters: readonly string[] = [],
  keep = false,
  source = false,
  shards = 0,
  variants = false,
): ScaleRun[] {
  if (!source && !existsSync(join(root, 'dist/cli/bin.js')))
    throw new Error('dist/ is missing: run npm run build (or pass --source)');
  const results: ScaleRun[] = [];
  for (const n of sizes) {
    const dir = writeSuite(n, reporters);
    try {
      const before = loadavg()
        .map((x) => x.toFixed(2))
        .join(', ');
      const r = runOnce(dir, n, source);
      results.push(r);
      line(
        `baton run, ${n} case files`,
        `${r.seconds.toFixed(1)} s, peak ${r.peakMb.toFixed(0)} MB, exit ${r.exit} ` +
          `(${source ? 'from the sources' : 'built CLI'}; reporters console, json${reporters.map((f) => `, ${f}`).join('')}; load ${before}) ${r.verdict}`,
      );
      const at = { line, dir, n, source };
      if (shards > 1) benchMerge(at, shards);
      if (variants) benchVariants(at, shards);
    } finally {
      if (!keep) rmSync(dir, { recursive: true, force: true });
      else line('  kept', dir);
    }
  }
  return results;
}

/** Where the measured commands run and what prints their lines. */
interface Scale {
  readonly line: (label: string, value: string) => void;
  /** The suite's folder, holding its `n` cases. */
  readonly dir: string;
  readonly n: number;
  readonly source: boolean;
}

/** The same cases as `shards` shard runs, then `baton merge` of their reports, timed. */
function benchMerge({ line, dir, n, source }: Scale, shards: number): void {
  const reports: string[] = [];
  let slowest = 0;
  for (let i = 1; i <= shards; i++) {
    const out = `shard-${i}`;
    const run = ['run', 'suite.yaml', '--shard', `${i}/${shards}`, '--reporter', 'json'];
    slowest = Math.max(slowest, runOnce(dir, n, source, [...run, '--out', out]).seconds);
    reports.push(join(out, 'report.json'));
  }
  const load = loadavg()[0]?.toFixed(2);
  const merge = ['merge', ...reports, '--reporter', 'console,json', '--out', 'merged'];
  const m = runOnce(dir, n, source, merge);
  line(
    `baton merge, ${shards} shards of ${n}`,
    `${m.seconds.toFixed(1)} s, peak ${m.peakMb.toFixed(0)} MB, exit ${m.exit} (slowest shard ` +
      `${slowest.toFixed(1)} s; reporters console, json; load ${load}) ${m.verdict}`,
  );
}

/** One measured command's line: wall time, peak memory, exit code and load, then `what`. */
function timed(
  { line, dir, n, source }: Scale,
  label: string,
  command: readonly string[],
  what: string,
): ScaleRun {
  const load = loadavg()[0]?.toFixed(2);
  const r = runOnce(dir, n, source, command);
  line(
    label,
    `${r.seconds.toFixed(1)} s, peak ${r.peakMb.toFixed(0)} MB, exit ${r.exit} (${what}; load ${load})`,
  );
  return r;
}

/**
 * The same cases as a suite with two variants (the current policy and the regressed one), then
 * `baton report` of the two variants' reports side by side; with `shards`, the variants suite as
 * that many shards and `baton merge` of every variant's report of every shard.
 */
function benchVariants(at: Scale, shards: number): void {
  const { dir, n, source } = at;
  const regressed = join(root, 'examples/support-router/policy-regressed.yaml');
  writeFileSync(
    join(dir, 'variants.yaml'),
    [
      readFileSync(join(dir, 'suite.yaml'), 'utf8').replace(
        /^name: scale$/m,
        'name: scale-variants',
      ),
      'variants:',
      '  current: {}',
      `  proposed: { options: { policy: ${JSON.stringify(regressed)} } }`,
      'compare:',
      '  gates: [no_new_failures]',
      '',
    ].join('\n'),
  );
  const run = ['run', 'variants.yaml', '--reporter', 'json'];
  timed(at, `baton run, ${n} cases × 2 variants`, [...run, '--out', 'variants'], 'json reporter');
  timed(
    at,
    `baton report --against, 2 × ${n}`,
    [
      'report',
      'variants/proposed/report.json',
      '--against',
      'variants/current/report.json',
      '--reporter',
      'html',
      '--out',
      'side-by-side',
    ],
    'report.html of the two variants side by side',
  );
  if (shards < 2) return;
  const reports: string[] = [];
  for (let i = 1; i <= shards; i++) {
    runOnce(dir, n, source, [...run, '--shard', `${i}/${shards}`, '--out', `variants-${i}`]);
    reports.push(
      join(`variants-${i}`, 'current/report.json'),
      join(`variants-${i}`, 'proposed/report.json'),
    );
  }
  timed(
    at,
    `baton merge, ${shards} shards × 2 variants`,
    ['merge', ...reports, '--reporter', 'console,json', '--out', 'variants-merged'],
    'reporters console, json',
  );
}

/** The usage line's options, read from `args` (what follows `run-scale`). */
export function runScaleOptions(args: readonly string[]) {
  const flagValue = (flag: string) => {
    const at = args.indexOf(flag);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const sizes = args.filter(
    (a, i) => /^\d+$/.test(a) && args[i - 1] !== '--reporter' && args[i - 1] !== '--shards',
  );
  return {
    sizes: sizes.length > 0 ? sizes.map(Number) : [10_000, 100_000],
    reporters: (flagValue('--reporter') ?? '').split(',').filter(Boolean),
    keep: args.includes('--keep'),
    source: args.includes('--source'),
    shards: Number(flagValue('--shards') ?? 0),
    variants: args.includes('--variants'),
  };
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) {
  const o = runScaleOptions(process.argv.slice(2));
  const print = (label: string, value: string) => console.log(`${label.padEnd(34)} ${value}`);
  benchRunScale(print, o.sizes, o.reporters, o.keep, o.source, o.shards, o.variants);
}
