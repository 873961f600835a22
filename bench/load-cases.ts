// Case loading at scale: writes N cases (the bundled support cases with fresh ids) into a
// temporary folder twice, as N case files and as one YAML stream of N documents, then loads each
// with the suite loader in fresh processes, interleaved (files, stream, files, …), each timing
// read + parse + check and reporting its own peak memory. Prints the median cases/s and the
// largest peak of each layout, with the machine load. In the same rounds it times a whole
// `baton validate cases` of the case files with the built CLI (dist/), as a user runs it.
// Usage: node bin/run-ts.mjs bench/load-cases.ts [N=10000] [--keep] [--against <checkout>]
// (or npm run bench -- load-cases [N]). `--against` also measures another checkout of Baton
// (an older commit, say) in the same interleaved rounds, by this file's measuring code;
// `--child <folder> [<checkout>]` is one measuring process. Besides cases per second of wall time
// it prints cases per second of the process's CPU time, which other work on a shared machine
// disturbs less.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');

interface Measured {
  readonly cases: number;
  readonly problems: number;
  readonly perSecond: number;
  /** Cases per second of CPU time (user + system) spent loading. */
  readonly perCpuSecond: number;
  readonly peakMb: number;
}

/**
 * One measuring process: loads the suite in `dir` with the sources of `checkout` and prints what
 * it measured as JSON.
 */
async function child(dir: string, checkout: string): Promise<void> {
  const sources = pathToFileURL(join(checkout, 'src/load/load-suite-cases.ts')).href;
  const { loadSuiteCases } = (await import(
    sources
  )) as typeof import('../src/load/load-suite-cases.ts');
  const suite = {
    file: join(dir, 'suite.yaml'),
    config: { cases: { include: ['cases/*.yaml'], exclude: [] } },
  } as unknown as Parameters<typeof loadSuiteCases>[0];
  const started = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  const { cases, problems } = await loadSuiteCases(suite);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(cpu);
  const measured: Measured = {
    cases: cases.length,
    problems: problems.length,
    perSecond: cases.length / seconds,
    perCpuSecond: cases.length / ((used.user + used.system) / 1e6),
    peakMb: process.resourceUsage().maxRSS / 1024,
  };
  console.log(JSON.stringify(measured));
}

/** The N cases as `<dir>/files/cases/case-i.yaml` and as `<dir>/stream/cases/all.yaml`. */
export function writeCases(n: number): string {
  const templates = readdirSync(join(root, 'cases/support'))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => readFileSync(join(root, 'cases/support', f), 'utf8'));
  const dir = join(tmpdir(), `baton-load-cases-${process.pid}`);
  const suite = 'name: load\ncases: { include: [cases/*.yaml] }\n';
  for (const layout of ['files', 'stream']) {
    mkdirSync(join(dir, layout, 'cases'), { recursive: true });
    writeFileSync(join(dir, layout, 'suite.yaml'), suite);
  }
  const all: string[] = [];
  for (let i = 0; i < n; i++) {
    const text = templates[i % templates.length]!.replace(/^id: (.*)$/m, `id: $1-${i}`);
    writeFileSync(join(dir, 'files', 'cases', `case-${i}.yaml`), text);
    all.push(text);
  }
  writeFileSync(join(dir, 'stream', 'cases', 'all.yaml'), all.join('---\n'));
  return dir;
}

function measure(checkout: string, dir: string): Measured {
  const out = execFileSync(
    process.execPath,
    [join(root, 'bin/run-ts.mjs'), join(root, 'bench/load-cases.ts'), '--child', dir, checkout],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(out.trim().split('\n').at(-1) as string) as Measured;
}

/**
 * Seconds of one whole `baton validate cases` (the built CLI of `checkout`, as installed) in the
 * folder of case files; undefined when that checkout has no build.
 */
function validateSeconds(checkout: string, dir: string): number | undefined {
  const bin = join(checkout, 'dist/cli/bin.js');
  if (!existsSync(bin)) return undefined;
  const started = performance.now();
  execFileSync(process.execPath, [bin, 'validate', 'cases'], { cwd: dir, stdio: 'ignore' });
  return (performance.now() - started) / 1e3;
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? 0;

/**
 * `case loading: N case files X cases/s · one stream of N Y cases/s`, through `line`
 * (bench/run.ts's printer); with `against`, a row for that checkout too, from the same rounds.
 */
export async function benchLoadCases(
  line: (label: string, value: string) => void,
  n = 10_000,
  keep = false,
  against?: string,
): Promise<void> {
  const dir = writeCases(n);
  const checkouts = [{ label: 'case loading', path: root }];
  if (against !== undefined) checkouts.push({ label: 'case loading, against', path: against });
  const rows = checkouts.map((c) => ({
    ...c,
    files: [] as Measured[],
    stream: [] as Measured[],
    validate: [] as number[],
  }));
  const loads: number[] = [];
  try {
    for (let round = 0; round < 3; round++) {
      // Each round starts with another checkout, so that none is always measured first.
      for (const row of [
        ...rows.slice(round % rows.length),
        ...rows.slice(0, round % rows.length),
      ]) {
        row.files.push(measure(row.path, join(dir, 'files')));
        row.stream.push(measure(row.path, join(dir, 'stream')));
        const seconds = validateSeconds(row.path, join(dir, 'files'));
        if (seconds !== undefined) row.validate.push(seconds);
        loads.push(loadavg()[0] as number);
      }
    }
    const load = `load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`;
    for (const row of rows) {
      const rate = (runs: Measured[]) =>
        `${Math.round(median(runs.map((r) => r.perSecond)))} cases/s, ` +
        `${Math.round(median(runs.map((r) => r.perCpuSecond)))} a CPU-second`;
      const peak = (runs: Measured[]) => Math.max(...runs.map((r) => r.peakMb)).toFixed(0);
      const failed = (runs: Measured[]) =>
        runs[0]?.problems ? `, ${runs[0].problems} problems` : '';
      line(
        row.label,
        `${n} case files ${rate(row.files)} (peak ${peak(row.files)} MB${failed(row.files)}) · ` +
          `one YAML stream of ${n} ${rate(row.stream)} (peak ${peak(row.stream)} MB${failed(row.stream)}) ` +
          `(medians of 3 interleaved processes: read + parse + check; ${load})`,
      );
      line(
        `  baton validate${row.path === root ? '' : ', against'}`,
        row.validate.length === 0
          ? `not measured: ${join(row.path, 'dist/cli/bin.js')} is not built (npm run build)`
          : `${n} case files in ${median(row.validate).toFixed(2)} s (the built CLI, whole process; median of ${row.validate.length}, in the same rounds)`,
      );
    }
  } finally {
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}

const [first, second] = process.argv.slice(2);
if (first === '--child' && second !== undefined) await child(second, process.argv[4] ?? root);
else if (import.meta.filename === resolve(process.argv[1] ?? '')) {
  const print = (label: string, value: string) => console.log(`${label.padEnd(34)} ${value}`);
  const args = process.argv.slice(2);
  const at = args.indexOf('--against');
  const against = at === -1 ? undefined : resolve(args[at + 1] as string);
  const n = Number(
    args.find((a, i) => !a.startsWith('--') && (at === -1 || i !== at + 1)) ?? 10_000,
  );
  await benchLoadCases(print, n, args.includes('--keep'), against);
}
