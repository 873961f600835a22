/**
 * The support-router implementation driven directly over N generated cases, in a process of its
 * own where nothing of Baton's capture is loaded: no tracer provider, no context manager, so its
 * spans go to the OpenTelemetry API's no-op tracer. What the implementation and its own
 * instrumentation cost without any SDK. Prints the best of three runs in ms as JSON.
 * Usage: node bin/run-ts.mjs bench/noop.ts [cases=10000]
 */
import { createTransport } from '../src/adapters/transport/transport.ts';
import type { Case } from '../src/model/labelled-case.ts';
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
await drive(generateCases(templates, 2_000)); // warm-up
const cases = generateCases(templates, n);
const ms = Math.min(await drive(cases), await drive(cases), await drive(cases));
console.log(JSON.stringify({ ms }));
