/**
 * The support-router implementation driven directly over N generated cases, in a process of its
 * own where nothing of Baton's capture is loaded: no tracer provider, no context manager, so its
 * spans go to the OpenTelemetry API's no-op tracer. What the implementation and its own
 * instrumentation cost without any SDK. Beside it, in turns in the same process, the bare
 * routing loop (bench/bare-loop.ts), so that the two are measured under the same load and the
 * same heap: measured in different processes, the difference read negative on a noisy machine.
 * Prints the best of three runs of each in ms as JSON.
 * Usage: node bin/run-ts.mjs bench/noop.ts [cases=10000]
 */
import { createTransport } from '../src/adapters/transport/transport.ts';
import type { Case } from '../src/model/labelled-case.ts';
import { bareLoop } from './bare-loop.ts';
import { generateCases } from './generate-cases.ts';
import { loadTemplates, policyFile, root } from './templates.ts';

async function drive(cases: readonly Case[]): Promise<number> {
  const { default: factory } = await import('../examples/support-router/implementation.ts');
  const implementation = await factory({ policy: policyFile }, { suiteDir: root });
  const signal = new AbortController().signal;
  const transport = createTransport([], { caseId: 'bench', repeat: 0 });
  const started = performance.now();
  for (const c of cases) {
    const session = await implementation.startCase({ ...c, repeat: 0, signal, ...transport });
    for (let i = 0; i < c.steps.length; i++) await session.handle(c.steps[i]!, i);
  }
  return performance.now() - started;
}

const n = Number(process.argv[2] ?? 10_000);
const templates = await loadTemplates();
const warm = generateCases(templates, 2_000);
await drive(warm);
await bareLoop(warm);
const cases = generateCases(templates, n);
let ms = Number.POSITIVE_INFINITY;
let bareMs = Number.POSITIVE_INFINITY;
// In turns, the order alternating: the machine's noise only ever adds time.
for (let round = 0; round < 3; round++) {
  if (round % 2 === 0) {
    ms = Math.min(ms, await drive(cases));
    bareMs = Math.min(bareMs, await bareLoop(cases));
  } else {
    bareMs = Math.min(bareMs, await bareLoop(cases));
    ms = Math.min(ms, await drive(cases));
  }
}
console.log(JSON.stringify({ ms, bareMs }));
