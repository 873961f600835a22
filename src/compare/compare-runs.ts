import type { CompareConfig, CompareGate } from '../model/compare-config.ts';
import { isFailure } from '../model/finding.ts';
import { evaluateCompareGates } from './compare-gates.ts';
import {
  type CaseChange,
  type CaseSide,
  COMPARE_SCHEMA_VERSION,
  type CompareReport,
  type CompareSide,
  type MetricComparison,
} from './compare-report.ts';
import type { ComparedCase, ComparedRun } from './compared-case.ts';
import { higherIsBetter, metricsOf, pairedMetric } from './metric-units.ts';
import { pairCases } from './pair-cases.ts';
import { comparePaired, type PairedSettings } from './stats/paired-metric.ts';

/** What a comparison is told besides the two reports. */
export interface CompareOptions {
  readonly gates?: readonly CompareGate[];
  readonly seed?: number;
  readonly resamples?: number;
  readonly alpha?: number;
  /** How each side is named (default: its variant, else its suite name). */
  readonly names?: { readonly baseline?: string; readonly candidate?: string };
  /** Where each side came from (a report file or the suite file). */
  readonly files?: { readonly baseline?: string; readonly candidate?: string };
}

/** The settings of a suite's `compare:` block, as options. */
export function compareOptionsOf(config: CompareConfig | undefined): CompareOptions {
  if (!config) return {};
  return {
    gates: config.gates,
    seed: config.seed,
    resamples: config.resamples,
    alpha: config.alpha,
  };
}

/**
 * Compares a candidate run with its baseline: each case (broke, fixed, changed, same), and the
 * pass rate, every finding code and the cost with both sides' intervals, the paired bootstrap
 * difference, the exact McNemar test and the minimum detectable difference; then the gates.
 * Pure: the same reports and seed give the same comparison.
 */
export function compareRuns(
  baseline: ComparedRun,
  candidate: ComparedRun,
  options: CompareOptions = {},
): CompareReport {
  const settings: PairedSettings = {
    seed: options.seed ?? 1,
    resamples: options.resamples ?? 2000,
    confidence: 0.95,
    alpha: options.alpha ?? 0.05,
    power: 0.8,
  };
  const { pairs, added, removed } = pairCases(baseline, candidate);
  const judged = pairs.filter((p) => p.change !== 'errored');
  const names = metricsOf(judged);
  const results = comparePaired(
    names.map((m) => pairedMetric(judged, m)),
    settings,
  );
  const metrics: MetricComparison[] = names.map((metric, i) => ({
    metric,
    better: higherIsBetter(metric) ? 'higher' : 'lower',
    ...(results[i] as (typeof results)[number]),
  }));
  const cases: CaseChange[] = [
    ...pairs.map((p) => change(p.a, p.change, side(p.a), side(p.b))),
    ...added.map((c) => change(c, 'added', undefined, side(c))),
    ...removed.map((c) => change(c, 'removed', side(c), undefined)),
  ];
  const count = (k: CaseChange['change']) => cases.filter((c) => c.change === k).length;
  const summary = {
    paired: judged.length,
    broke: count('broke'),
    fixed: count('fixed'),
    changed: count('changed'),
    same: count('same'),
    errored: count('errored'),
    added: count('added'),
    removed: count('removed'),
  };
  const sides = {
    baseline: sideOf(baseline, options.names?.baseline, options.files?.baseline),
    candidate: sideOf(candidate, options.names?.candidate, options.files?.candidate),
  };
  const gates = evaluateCompareGates(options.gates ?? [], {
    summary,
    metrics,
    candidate: sides.candidate,
  });
  return {
    schemaVersion: COMPARE_SCHEMA_VERSION,
    kind: 'baton.compare',
    ...sides,
    settings,
    summary,
    passed: gates.every((g) => g.passed),
    gates,
    metrics,
    cases,
  };
}

function change(
  c: ComparedCase,
  kind: CaseChange['change'],
  baseline: CaseSide | undefined,
  candidate: CaseSide | undefined,
): CaseChange {
  return {
    id: c.id,
    title: c.title,
    ...(c.file !== undefined && { file: c.file }),
    change: kind,
    ...(baseline && { baseline }),
    ...(candidate && { candidate }),
  };
}

function side(c: ComparedCase): CaseSide {
  return {
    status: c.status,
    repeats: c.repeats,
    passedRepeats: c.passedRepeats,
    cost: c.cost,
    findings: c.findings
      .filter((f) => isFailure(f) || f.outcome === 'error')
      .map((f) => ({
        code: f.code,
        outcome: f.outcome,
        ...(f.step !== undefined && { step: f.step }),
        message: f.message,
      })),
    handoffs: c.handoffs.map((h) => ({ from: h.from, to: h.to, step: h.step })),
  };
}

function sideOf(
  report: ComparedRun,
  name: string | undefined,
  file: string | undefined,
): CompareSide {
  const variant = report.suite.variant;
  return {
    name: name ?? variant ?? report.suite.name,
    suite: report.suite.name,
    ...(variant !== undefined && { variant }),
    adapter: report.suite.adapter,
    ...(file !== undefined && { file }),
    startedAt: report.startedAt,
    repeat: report.repeat,
    cases: report.summary.cases,
    passed: report.summary.passed,
    failed: report.summary.failed,
    errored: report.summary.errored,
  };
}
