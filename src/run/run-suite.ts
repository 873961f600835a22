import type { Adapter } from '../adapters/adapter.ts';
import type { Capture } from '../capture/capture.ts';
import { enabledChecks } from '../checks/registry.ts';
import type { CaseRun } from '../metrics/case-run.ts';
import { computeMetrics } from '../metrics/compute-metrics.ts';
import type { Case } from '../model/labelled-case.ts';
import { REPORT_SCHEMA_VERSION, type RunReport } from '../model/report.ts';
import type { ParsedSuite } from '../model/suite.ts';
import { type BrokenCase, brokenCaseOutcome } from './broken-case.ts';
import { evaluateGates } from './gates.ts';
import { mapPool } from './pool.ts';
import { runCaseOnce } from './run-case.ts';
import { summarize, toCaseResult } from './summarize.ts';

/** Everything one suite run needs; the CLI and the public API build it from a suite file. */
export interface RunPlan {
  readonly suite: { readonly name: string; readonly file: string; readonly config: ParsedSuite };
  readonly cases: readonly Case[];
  /** Case files that did not load: reported as errored cases, the others still run. */
  readonly brokenCases?: readonly BrokenCase[];
  readonly adapter: Adapter;
  readonly capture: Capture;
  /** Overrides of the suite's settings (from CLI flags). */
  readonly repeat?: number;
  readonly concurrency?: number;
  /** Told after each case finishes, for progress output. */
  readonly onCaseDone?: (testCase: Case, runs: readonly CaseRun[]) => void;
  readonly now?: () => Date;
}

/**
 * Runs every case (with repeats) under bounded concurrency and returns the RunReport. Never
 * throws for a broken case: a case whose adapter throws, rejects or hangs becomes `error`.
 */
export async function runSuite(plan: RunPlan): Promise<RunReport> {
  const { config } = plan.suite;
  const repeat = plan.repeat ?? config.repeat;
  const startedAt = (plan.now ?? (() => new Date()))();
  const started = performance.now();
  const options = {
    adapter: plan.adapter,
    capture: plan.capture,
    checks: enabledChecks(config.checks),
    timeoutMs: config.timeout_ms,
  };
  await plan.adapter.setup?.();
  let runsByCase: CaseRun[][];
  try {
    runsByCase = await mapPool(plan.cases, plan.concurrency ?? config.concurrency, async (c) => {
      const runs: CaseRun[] = [];
      for (let r = 0; r < repeat; r++) runs.push(await runCaseOnce(c, r, options));
      plan.onCaseDone?.(c, runs);
      return runs;
    });
  } finally {
    await plan.adapter.teardown?.();
  }
  const cases = plan.cases.map((c, i) => toCaseResult(c, runsByCase[i] ?? [], config.costs));
  for (const broken of plan.brokenCases ?? []) {
    const { run, result } = brokenCaseOutcome(broken);
    runsByCase.push([run]);
    cases.push(result);
  }
  const metrics = computeMetrics(runsByCase, config.costs);
  const summary = summarize(cases);
  const gates = evaluateGates(config.gates, metrics, summary);
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    suite: { name: config.name, file: plan.suite.file, adapter: plan.adapter.name },
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    repeat,
    passed: gates.every((g) => g.passed),
    summary,
    metrics,
    gates,
    cases,
  };
}
