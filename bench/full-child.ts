/**
 * The full in-process Baton run of `npm run bench`, in a process of its own: N cases generated
 * from the bundled support cases through the example router (bench/full-run.ts), at concurrency
 * 1 and 4, the fastest of three runs each, every report let go before the next run starts (the
 * reports a benchmark holds slow every later collection). Prints one JSON line: for each
 * concurrency, the run's ms, report.json's render ms and bytes, and the verdict counts.
 * Usage: node bin/run-ts.mjs bench/full-child.ts [cases=10000]
 */
import { batonRun } from './full-run.ts';
import { generateCases } from './generate-cases.ts';
import { loadTemplates } from './templates.ts';

const n = Number(process.argv[2] ?? 10_000);
const templates = await loadTemplates();
await batonRun(generateCases(templates, 2_000), 4); // warm-up
const cases = generateCases(templates, n);
const runs = [];
for (const concurrency of [1, 4]) {
  let fastest: { runMs: number; renderMs: number; jsonBytes: number; summary: object } | undefined;
  for (let i = 0; i < 3; i++) {
    const { runMs, renderMs, jsonBytes, report } = await batonRun(cases, concurrency);
    if (fastest === undefined || runMs < fastest.runMs)
      fastest = { runMs, renderMs, jsonBytes, summary: report.summary };
  }
  runs.push({ concurrency, ...fastest });
}
console.log(JSON.stringify(runs));
