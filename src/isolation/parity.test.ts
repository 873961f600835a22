import { describe, expect, it } from 'vitest';
import { createCapture } from '../capture/capture.ts';
import { loadContracts } from '../load/load-contracts.ts';
import { loadSuiteFile } from '../load/load-suite.ts';
import { selectCases } from '../load/select-cases.ts';
import type { ISOLATION_MODES } from '../model/suite.ts';
import { runSuite } from '../run/run-suite.ts';
import { suiteAdapter } from './suite-adapter.ts';

/** Every case's status, findings (code, outcome, step, wording) and handoffs; ids left out. */
async function verdicts(path: string, isolation: (typeof ISOLATION_MODES)[number]) {
  const loaded = await loadSuiteFile(path);
  if (!loaded.ok) throw new Error(`suite ${path} does not load`);
  const suite = { ...loaded.value, config: { ...loaded.value.config, isolation } };
  const { cases } = await selectCases(suite, {});
  const contracts = await loadContracts(suite);
  if (!contracts.ok) throw new Error(`contracts of ${path} do not load`);
  const report = await runSuite({
    suite: { name: suite.config.name, file: path, config: suite.config },
    cases,
    contracts: contracts.value,
    adapter: await suiteAdapter(suite.config, suite.file, cases),
    capture: createCapture(),
  });
  return report.cases.map((c) => ({
    id: c.id,
    status: c.status,
    findings: c.findings.map((f) => [f.code, f.outcome, f.step, f.message]),
    handoffs: c.handoffs.map((h) => [h.from, h.to, h.step, h.reason]),
  }));
}

// The same suite judged in Baton's process and isolated must give the same verdicts: spans
// made in the isolate reach the capture, effects and cassettes work there.
describe('isolated runs judge like in-process runs', () => {
  it.each([
    ['suites/example-regressed.yaml', 'worker'],
    ['suites/refunds-naive.yaml', 'process'],
    ['suites/anthropic-flawed.yaml', 'worker'],
  ] as const)('%s with isolation: %s', async (suite, mode) => {
    const inProcess = await verdicts(suite, 'none');
    expect(inProcess.some((c) => c.status === 'fail')).toBe(true);
    expect(await verdicts(suite, mode)).toEqual(inProcess);
  });
});
