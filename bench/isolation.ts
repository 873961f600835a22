/**
 * Isolation and redaction in `npm run bench`: the bundled support cases through the support
 * router in Baton's process, in worker threads and in child processes (isolation: none | worker |
 * process), as cases/s and cost per case over in-process; the start-up of one isolate; and the
 * redaction pass over the RunReport of the in-process run.
 */
import { resolve } from 'node:path';
import { createCapture } from '../src/capture/capture.ts';
import { suiteAdapter } from '../src/isolation/suite-adapter.ts';
import type { Case } from '../src/model/labelled-case.ts';
import { ISOLATION_MODES, SuiteInput } from '../src/model/suite.ts';
import { Redaction } from '../src/redact/redaction.ts';
import { runSuite } from '../src/run/run-suite.ts';

type Line = (label: string, value: string) => void;
type Mode = (typeof ISOLATION_MODES)[number];

const root = resolve(import.meta.dirname, '..');

function configFor(isolation: Mode, concurrency: number) {
  return SuiteInput.parse({
    name: 'bench-isolation',
    cases: { include: ['unused'] },
    adapter: {
      type: 'module',
      path: 'examples/support-router/implementation.ts',
      options: { policy: resolve(root, 'examples/support-router/policy.yaml') },
    },
    isolation,
    concurrency,
    timeout_ms: 60_000,
  });
}

async function run(cases: readonly Case[], isolation: Mode, concurrency: number) {
  const config = configFor(isolation, concurrency);
  const adapter = suiteAdapter(config, resolve(root, 'bench.yaml'), cases);
  const setupStarted = performance.now();
  await adapter.setup?.();
  const setupMs = performance.now() - setupStarted;
  const plan = (batch: readonly Case[], last: boolean) => ({
    suite: { name: 'bench', file: 'bench', config },
    cases: batch,
    // Set up once above; torn down after the measured batch only, so isolates stay warm.
    adapter: { ...adapter, setup: async () => {}, ...(!last && { teardown: async () => {} }) },
    capture: createCapture(),
  });
  // A warm-up batch starts every isolate the concurrency needs before the clock runs.
  await runSuite(plan(cases.slice(0, concurrency * 20), false));
  const started = performance.now();
  const report = await runSuite(plan(cases, true));
  return { ms: performance.now() - started, setupMs, report };
}

export async function benchIsolation(cases: readonly Case[], line: Line): Promise<void> {
  const n = cases.length;
  const results = new Map<string, number>();
  for (const isolation of ISOLATION_MODES)
    for (const concurrency of [1, 4]) {
      const { ms, setupMs, report } = await run(cases, isolation, concurrency);
      results.set(`${isolation}/${concurrency}`, ms);
      const base = results.get(`none/${concurrency}`) ?? ms;
      const over =
        isolation === 'none' ? '' : `  ${(((ms - base) / n) * 1e3).toFixed(0)} µs/case more`;
      const startup = isolation === 'none' ? '' : `; an isolate starts in ${setupMs.toFixed(0)} ms`;
      line(
        `isolation: ${isolation}, concurrency ${concurrency}`,
        `${Math.round(n / (ms / 1e3))} cases/s${over}  (${report.summary.passed}/${n} passed${startup})`,
      );
    }
  const { report } = await run(cases, 'none', 4);
  const started = performance.now();
  const redacted = new Redaction().value(report);
  const ms = performance.now() - started;
  line(
    'redaction of the RunReport',
    `${ms.toFixed(0)} ms for ${n} cases (${((ms / n) * 1e3).toFixed(0)} µs/case, ${redacted.cases.length} cases)`,
  );
}
