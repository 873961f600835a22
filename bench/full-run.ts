import { resolve } from 'node:path';
import { createModuleAdapter } from '../src/adapters/module/module-adapter.ts';
import { createCapture } from '../src/capture/capture.ts';
import type { Case } from '../src/model/labelled-case.ts';
import { SuiteInput } from '../src/model/suite.ts';
import { renderJson } from '../src/report/json.ts';
import { runSuite } from '../src/run/run-suite.ts';
import { policyFile, root } from './templates.ts';

/**
 * One full Baton run of `cases` in this process through the example router's implementation
 * (module adapter, span capture, normalisation, every check, metrics, gates), then report.json
 * rendered from it: the run's and the render's times, the report and its size.
 */
export async function batonRun(cases: readonly Case[], concurrency: number) {
  const config = SuiteInput.parse({
    name: 'bench',
    cases: { include: ['unused'] },
    adapter: {
      type: 'module',
      path: 'examples/support-router/implementation.ts',
      options: { policy: policyFile },
    },
    concurrency,
    timeout_ms: 60_000,
  });
  const adapter = createModuleAdapter(
    { path: 'examples/support-router/implementation.ts', options: { policy: policyFile } },
    resolve(root, 'bench.yaml'),
  );
  const capture = createCapture();
  const started = performance.now();
  const report = await runSuite({
    suite: { name: 'bench', file: 'bench', config },
    cases,
    adapter,
    capture,
  });
  const runMs = performance.now() - started;
  const renderStarted = performance.now();
  const json = renderJson(report);
  return { runMs, renderMs: performance.now() - renderStarted, report, jsonBytes: json.length };
}
