import type { PropertyResult } from '../contracts/properties/property-result.ts';
import { type CaseRun, hopsOf } from '../metrics/case-run.ts';
import { caseTally } from '../metrics/case-tally.ts';
import { runCost } from '../metrics/compute-metrics.ts';
import { caseMeasure } from '../metrics/run-measure.ts';
import type { FindingCode } from '../model/finding.ts';
import type { Case } from '../model/labelled-case.ts';
import type { CaseResult, CaseStatus, RunSummary } from '../model/report.ts';
import { addCaseDetails, located } from './case-details.ts';

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
  let cost = 0;
  let durationMs = 0;
  let passedRepeats = 0;
  for (const r of runs) {
    cost += runCost(r, costs);
    durationMs += r.durationMs;
    if (r.status === 'pass') passedRepeats++;
  }
  // Built field by field, in the order a report writes them: no spread of optional parts, as
  // this runs for every case.
  const result: Writable<CaseResult> = {
    id: testCase.id,
    title: testCase.title,
  } as Writable<CaseResult>;
  if (testCase.file !== undefined) result.file = testCase.file;
  result.tags = testCase.tags;
  result.status = status;
  result.repeats = runs.length;
  result.passedRepeats = passedRepeats;
  result.durationMs = Math.round(durationMs * 1000) / 1000;
  result.hops = shown ? hopsOf(shown) : 0;
  result.cost = cost / Math.max(1, runs.length);
  if (shown?.permutationSeed !== undefined) result.permutationSeed = shown.permutationSeed;
  if (shown?.error !== undefined) result.error = shown.error;
  result.findings = (shown?.findings ?? []).map((f) => located(f, testCase));
  result.handoffs = shown?.handoffs ?? [];
  addCaseDetails(result, testCase, runs, shown);
  // Fields report.json does not list come after its own, by name: `measured`, then `tally`.
  if (measure) result.measured = caseMeasure(runs, testCase.labels.handoffs.length);
  result.tally = caseTally(runs);
  return result;
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

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
      propertiesRun: properties.filter((p) => p.outcome !== 'skip').length,
    }),
  };
}
