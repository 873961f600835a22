import type { PropertyResult } from '../contracts/properties/property-result.ts';
import type { CaseRun } from '../metrics/case-run.ts';
import { caseTally } from '../metrics/case-tally.ts';
import { runCost } from '../metrics/compute-metrics.ts';
import { caseMeasure } from '../metrics/run-measure.ts';
import type { FindingCode } from '../model/finding.ts';
import type { Case } from '../model/labelled-case.ts';
import type { CaseResult, CaseStatus, RunSummary } from '../model/report.ts';
import { caseDetails, located } from './case-details.ts';

/** A failed verdict outranks an error, which outranks a pass. */
function statusOf(runs: readonly CaseRun[]): CaseStatus {
  if (runs.some((r) => r.status === 'fail')) return 'fail';
  if (runs.length === 0 || runs.some((r) => r.status === 'error')) return 'error';
  return 'pass';
}

/**
 * One case's verdict over its repeats; findings shown are those of the first run like it.
 * `measure` keeps what its metrics are computed from (`measured`, for `baton merge`).
 */
export function toCaseResult(
  testCase: Case,
  runs: readonly CaseRun[],
  costs: Partial<Record<FindingCode, number>>,
  measure = false,
): CaseResult {
  const status = statusOf(runs);
  const shown = runs.find((r) => r.status === status) ?? runs[0];
  const cost = runs.reduce((sum, r) => sum + runCost(r, costs), 0) / Math.max(1, runs.length);
  return {
    id: testCase.id,
    title: testCase.title,
    ...(testCase.file !== undefined && { file: testCase.file }),
    tags: testCase.tags,
    status,
    repeats: runs.length,
    passedRepeats: runs.filter((r) => r.status === 'pass').length,
    findings: (shown?.findings ?? []).map((f) => located(f, testCase)),
    handoffs: shown?.handoffs ?? [],
    hops: shown?.handoffs.length ?? 0,
    cost,
    durationMs: Math.round(runs.reduce((sum, r) => sum + r.durationMs, 0) * 1000) / 1000,
    ...(shown?.error !== undefined && { error: shown.error }),
    ...(shown?.permutationSeed !== undefined && { permutationSeed: shown.permutationSeed }),
    tally: caseTally(runs),
    ...caseDetails(testCase, runs, shown),
    ...(measure && { measured: caseMeasure(runs, testCase.labels.handoffs.length) }),
  };
}

/** What the summary reads of a case: its status and the codes and outcomes of its findings. */
export type Summarized = Pick<CaseResult, 'status'> & {
  readonly findings: readonly Pick<CaseResult['findings'][number], 'code' | 'outcome'>[];
};

export function summarize(
  cases: readonly Summarized[],
  properties: readonly PropertyResult[] = [],
): RunSummary {
  const byCode: Partial<Record<FindingCode, number>> = {};
  for (const p of properties) if (p.code) byCode[p.code] = (byCode[p.code] ?? 0) + 1;
  for (const c of cases) {
    for (const f of c.findings)
      if (f.outcome !== 'pass') byCode[f.code] = (byCode[f.code] ?? 0) + 1;
  }
  return {
    cases: cases.length,
    passed: cases.filter((c) => c.status === 'pass').length,
    failed: cases.filter((c) => c.status === 'fail').length,
    errored: cases.filter((c) => c.status === 'error').length,
    byCode,
    ...(properties.length > 0 && {
      propertiesFailed: properties.filter((p) => p.outcome === 'fail' || p.outcome === 'error')
        .length,
    }),
  };
}
