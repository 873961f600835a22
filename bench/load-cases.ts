// Case loading at scale: writes N case files (the bundled support cases with fresh ids) into a
// temporary folder, then loads them with the suite loader in three fresh processes, each timing
// read + parse + check and reporting its own peak memory. Prints the median cases/s and the
// largest peak. Usage: node bin/run-ts.mjs bench/load-cases.ts [N=10000] [--keep]
// (or npm run bench -- load-cases [N]); `--child <folder>` is one measuring process.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadSuiteCases } from '../src/load/load-suite-cases.ts';
import type { Suite } from '../src/model/suite.ts';

const root = resolve(import.meta.dirname, '..');

interface Measured {
  readonly cases: number;
  readonly problems: number;
  readonly perSecond: number;
  readonly peakMb: number;
}

/** One measuring process: loads the suite in `dir` and prints what it measured as JSON. */
async function child(dir: string): Promise<void> {
  const suite = {
    file: join(dir, 'suite.yaml'),
    config: { cases: { include: ['cases/*.yaml'], exclude: [] } },
  } as unknown as Suite;
  const started = process.hrtime.bigint();
  const { cases, problems } = await loadSuiteCases(suite);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const measured: Measured = {
    cases: cases.length,
    problems: problems.length,
    perSecond: cases.length / seconds,
    peakMb: process.resourceUsage().maxRSS / 1024,
  };
  console.log(JSON.stringify(measured));
}

function writeCases(n: number): string {
  const templates = readdirSync(join(root, 'cases/support'))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => readFileSync(join(root, 'cases/support', f), 'utf8'));
  const dir = join(tmpdir(), `baton-load-cases-${process.pid}`);
  mkdirSync(join(dir, 'cases'), { recursive: true });
  for (let i = 0; i < n; i++) {
    const text = templates[i % templates.length]!.replace(/^id: (.*)$/m, `id: $1-${i}`);
    writeFileSync(join(dir, 'cases', `case-${i}.yaml`), text);
  }
  writeFileSync(join(dir, 'suite.yaml'), 'name: load\ncases: { include: [cases/*.yaml] }\n');
  return dir;
}

function measure(dir: string): Measured {
  const out = execFileSync(
    process.execPath,
    [resolve(root, 'bin/run-ts.mjs'), resolve(root, 'bench/load-cases.ts'), '--child', dir],
    { encoding: 'utf8' },
  );
  return JSON.parse(out.trim().split('\n').at(-1) as string) as Measured;
}

/** `case loading: N case files, X cases/s, peak Y MB`, through `line` (bench/run.ts's printer). */
export async function benchLoadCases(
  line: (label: string, value: string) => void,
  n = 10_000,
  keep = false,
): Promise<void> {
  const dir = writeCases(n);
  try {
    const runs = [measure(dir), measure(dir), measure(dir)];
    const rates = runs.map((r) => r.perSecond).sort((a, b) => a - b);
    const peak = Math.max(...runs.map((r) => r.peakMb));
    const failed = runs[0]?.problems ?? 0;
    line(
      'case loading',
      `${n} case files, ${Math.round(rates[1] ?? 0)} cases/s, peak ${peak.toFixed(0)} MB ` +
        `(median of 3 processes: read + parse + check${failed > 0 ? `; ${failed} problems` : ''})`,
    );
  } finally {
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}

const [first, second] = process.argv.slice(2);
if (first === '--child' && second !== undefined) await child(second);
else if (import.meta.filename === resolve(process.argv[1] ?? '')) {
  const print = (label: string, value: string) => console.log(`${label.padEnd(34)} ${value}`);
  const n = Number(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 10_000);
  await benchLoadCases(print, n, process.argv.includes('--keep'));
}
