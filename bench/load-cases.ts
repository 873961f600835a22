// Case loading at scale: writes N case files (the bundled support cases with fresh ids) into a
// temporary folder and times reading, parsing and checking them with the suite loader, in this
// process. Prints cases/s and the process's peak memory. Usage: bench/load-cases.ts [N] [--keep]
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadSuiteCases } from '../src/load/load-suite-cases.ts';
import type { Suite } from '../src/model/suite.ts';

const n = Number(process.argv[2] ?? 10_000);
const root = resolve(import.meta.dirname, '..');
const templates = readdirSync(join(root, 'cases/support'))
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => readFileSync(join(root, 'cases/support', f), 'utf8'));

const dir = join(tmpdir(), `baton-load-cases-${process.pid}`);
mkdirSync(join(dir, 'cases'), { recursive: true });
for (let i = 0; i < n; i++) {
  const text = templates[i % templates.length]!.replace(/^id: (.*)$/m, `id: $1-${i}`);
  writeFileSync(join(dir, 'cases', `case-${i}.yaml`), text);
}
const suite = {
  file: join(dir, 'suite.yaml'),
  config: { cases: { include: ['cases/*.yaml'], exclude: [] } },
} as unknown as Suite;
writeFileSync(suite.file, 'name: load\ncases: { include: [cases/*.yaml] }\n');

const started = process.hrtime.bigint();
const { cases, problems } = await loadSuiteCases(suite);
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const peakMb = process.resourceUsage().maxRSS / 1024;
if (!process.argv.includes('--keep')) rmSync(dir, { recursive: true, force: true });
console.log(
  `case loading: ${cases.length} cases (${problems.length} problems) in ${seconds.toFixed(2)} s = ` +
    `${Math.round(cases.length / seconds)} cases/s, peak RSS ${peakMb.toFixed(0)} MB ` +
    '(read + parse + check, in process, after writing the files)',
);
