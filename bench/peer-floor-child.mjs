// The floor of a whole run of N case files for bench/peer.ts, on plain Node with nothing of Baton
// loaded: what any harness that reads the same files and writes the same report must spend. It
// times Node's own start (the process's age when this script begins), reading every case file,
// parsing each with js-yaml (the parser Baton reads plain case files with) and writing a
// report.json of Baton's size (a run's own report, re-serialised with the same pretty printing;
// reading that report first is not timed). Prints one JSON line: startMs, readMs, parseMs,
// writeMs and their sum.
// Usage: node bench/peer-floor-child.mjs <cases dir> <report.json> <out file>
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const startMs = performance.now();
const [dir, reportFile, outFile] = process.argv.slice(2);
const yaml = createRequire(import.meta.url)('js-yaml');
const report = JSON.parse(readFileSync(reportFile, 'utf8'));

const t0 = performance.now();
const texts = readdirSync(dir).map((name) => readFileSync(join(dir, name), 'utf8'));
const t1 = performance.now();
let parsed = 0;
for (const text of texts) if (yaml.load(text) !== undefined) parsed += 1;
const t2 = performance.now();
writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);
const t3 = performance.now();
if (parsed !== texts.length) throw new Error(`parsed ${parsed} of ${texts.length} case files`);
const readMs = t1 - t0;
const parseMs = t2 - t1;
const writeMs = t3 - t2;
console.log(
  JSON.stringify({ startMs, readMs, parseMs, writeMs, ms: startMs + readMs + parseMs + writeMs }),
);
