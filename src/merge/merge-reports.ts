import type { CaseRun } from '../metrics/case-run.ts';
import { computeMetrics } from '../metrics/compute-metrics.ts';
import { runWarnings, summarizeRecognition } from '../metrics/recognition.ts';
import { caseRunOf } from '../metrics/run-measure.ts';
import { formatPath } from '../model/data-path.ts';
import { type RunReport, SETUP_WARNING_CODES, type UnhandledError } from '../model/report.ts';
import { evaluateGates, runVerdict, strictReason, suiteGates } from '../run/gates.ts';
import { summarize } from '../run/summarize.ts';
import { withoutMeasure } from './basis.ts';
import {
  type CheckedShard,
  checkShards,
  type MergedCase,
  missingShards,
  type ShardReport,
} from './check-shards.ts';
import { mergedRunInfo, mergedTiming } from './merged-run-info.ts';

export type { MergedCase, ShardReport } from './check-shards.ts';

/**
 * The shards' cases in the order one run has them: each case at its position among the
 * selected cases, then the stand-ins for case files that did not load (the first shard has them).
 */
function casesInRunOrder<C extends MergedCase>(
  shards: readonly CheckedShard<C>[],
): {
  judged: C[];
  unloaded: C[];
} {
  const all = shards.flatMap((s) => s.report.cases);
  const judged = all
    .filter((c) => !c.measured?.unloaded)
    .map((c, i) => ({ c, i, order: c.measured?.order ?? Number.MAX_SAFE_INTEGER }))
    .sort((a, b) => a.order - b.order || a.i - b.i)
    .map((x) => x.c);
  const first = shards[0];
  const unloaded = first?.index === 1 ? first.report.cases.filter((c) => c.measured?.unloaded) : [];
  return { judged, unloaded };
}

function runsOf(c: MergedCase): CaseRun[] {
  return (c.measured?.runs ?? []).map(caseRunOf);
}

/** Recognition counts and warnings over the first run of each case, as a run computes them. */
function recognitionOf(
  shards: readonly CheckedShard<MergedCase>[],
  judged: readonly MergedCase[],
  first: readonly (CaseRun | undefined)[],
  strict: boolean,
) {
  // Each shard's counts carry the line of the rule they count; a path has one line in one suite.
  const lines = new Map<string, number>();
  for (const s of shards)
    for (const r of s.report.recognition ?? [])
      if (r.path !== undefined && r.line !== undefined) lines.set(r.path, r.line);
  const recognition = summarizeRecognition(first, (path) => lines.get(formatPath(path)));
  const ok = (r: CaseRun | undefined): r is CaseRun => r !== undefined && r.status !== 'error';
  const warnings = runWarnings({
    file: shards[0]?.report.suite.file ?? '',
    counts: recognition,
    notes: judged.flatMap((c, i) =>
      (first[i]?.notes ?? []).map((note) => ({ caseId: c.id, note })),
    ),
    expectedHandoffs: judged.reduce(
      (n, c, i) => n + (ok(first[i]) ? (c.measured?.expectedHandoffs ?? 0) : 0),
      0,
    ),
    observedHandoffs: first.reduce((n, r) => n + (ok(r) ? r.handoffs.length : 0), 0),
    strict,
    // The adapter's name starts with its type (`langgraph ./app.ts`).
    adapterType: shards[0]?.report.suite.adapter.split(' ')[0],
  });
  // Found before the run over every selected case: each shard has the same ones.
  const setup = (shards[0]?.report.warnings ?? []).filter((w) => SETUP_WARNING_CODES.has(w.code));
  return { recognition, warnings: [...warnings, ...setup] };
}

/** Escaped errors in case order (as one run lists them), then those outside any case. */
function unhandledOf(
  shards: readonly CheckedShard<MergedCase>[],
  cases: readonly MergedCase[],
): UnhandledError[] {
  const position = new Map(cases.map((c, i) => [c.id, i]));
  const all = shards.flatMap((s) => s.report.unhandled ?? []);
  const at = (u: UnhandledError) =>
    u.caseId === undefined
      ? Number.MAX_SAFE_INTEGER
      : (position.get(u.caseId) ?? Number.MAX_SAFE_INTEGER);
  return all
    .map((u, i) => ({ u, i }))
    .sort((a, b) => at(a.u) - at(b.u) || (a.u.repeat ?? 0) - (b.u.repeat ?? 0) || a.i - b.i)
    .map((x) => x.u);
}

function interruptedOf(shards: readonly CheckedShard<MergedCase>[]): RunReport['interrupted'] {
  const stopped = shards.flatMap((s) => (s.report.interrupted ? [s.report.interrupted] : []));
  const [first] = stopped;
  if (!first) return undefined;
  return { signal: first.signal, casesNotRun: stopped.reduce((n, i) => n + i.casesNotRun, 0) };
}

/**
 * Combines the reports of the shards of one run (`baton run --shard i/n`) into the report the
 * whole run would have written: the cases in the run's order, and metrics, gates and warnings
 * recomputed from them by the functions a run uses (never averaged). Timings are the shards'
 * own: `durationMs` is the range from the first start to the last end (`run.merged` has the sum).
 * Throws a BatonError when the reports are not the shards of one run.
 */
export function mergeReports(
  reports: readonly ShardReport[],
  options: { readonly allowPartial?: boolean } = {},
): RunReport {
  const merged = mergeShards(reports, options);
  // As one run's report: what merging needed stays in the shards' reports.
  return { ...merged, cases: merged.cases.map(withoutMeasure) };
}

/** A merged run whose cases are what its shards held of them, in the run's order. */
export type MergedShards<C extends MergedCase> = Omit<RunReport, 'cases'> & {
  readonly cases: readonly C[];
};

/**
 * `mergeReports` over shards that hold only what merging reads of each case (a reader of
 * reports too large to hold keeps where each case is beside it): the merged report, with the
 * shards' cases in the run's order, each as its shard held it.
 */
export function mergeShards<C extends MergedCase>(
  reports: readonly ShardReport<C>[],
  options: { readonly allowPartial?: boolean } = {},
): MergedShards<C> {
  const shards = checkShards(reports, options);
  const base = (shards[0] as CheckedShard<C>).report;
  const basis = base.basis!;
  const missing = missingShards(shards);
  const { judged, unloaded } = casesInRunOrder(shards);
  const cases = [...judged, ...unloaded];
  const runsByCase = cases.map(runsOf);
  // Envelope properties do not depend on the cases: every shard runs them; the first one's count.
  const properties = base.properties;
  const metrics = computeMetrics(runsByCase, basis.costs, properties);
  const summary = summarize(cases, properties);
  const gateConfig = {
    gates: basis.gates,
    ...(basis.propertyFailures !== undefined && {
      properties: { max_failures: basis.propertyFailures },
    }),
  };
  const gates = evaluateGates(suiteGates(gateConfig, properties), metrics, summary);
  const first = runsByCase.slice(0, judged.length).map((runs) => runs[0]);
  const { recognition, warnings } = recognitionOf(shards, judged, first, basis.strict);
  const verdict = runVerdict(gates, metrics, summary, unloaded.length);
  const strictErrors = warnings.filter((w) => w.severity === 'error').length;
  const total = shards[0]?.total ?? 0;
  const reasons = [
    ...verdict.reasons,
    ...(strictErrors > 0 ? [strictReason(strictErrors)] : []),
    ...(missing.length > 0
      ? [
          `shard${missing.length === 1 ? '' : 's'} ${missing.map((i) => `${i}/${total}`).join(', ')} not merged`,
        ]
      : []),
  ];
  const unhandled = unhandledOf(shards, cases);
  const interrupted = interruptedOf(shards);
  const timing = mergedTiming(shards);
  return {
    schemaVersion: base.schemaVersion,
    suite: base.suite,
    startedAt: timing.startedAt,
    durationMs: timing.durationMs,
    repeat: base.repeat,
    passed:
      verdict.passed &&
      interrupted === undefined &&
      unhandled.length === 0 &&
      strictErrors === 0 &&
      missing.length === 0,
    summary,
    metrics,
    gates,
    ...(reasons.length > 0 && { reasons }),
    cases,
    properties,
    ...(recognition.length > 0 && { recognition }),
    ...(warnings.length > 0 && { warnings }),
    run: mergedRunInfo(shards, missing, timing),
    basis,
    ...(interrupted && { interrupted }),
    ...(unhandled.length > 0 && { unhandled }),
  };
}
