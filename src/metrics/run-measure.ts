// What metrics read from a case's runs, as report.json keeps it for `baton merge`, and back.
import type { Finding, FindingCode } from '../model/finding.ts';
import type { CaseMeasure, ObservedHandoff, RunMeasure } from '../model/report.ts';
import { type CaseRun, hopsOf } from './case-run.ts';

/** What metrics read from one run, in the form report.json keeps it. */
export function runMeasure(run: CaseRun, first: boolean): RunMeasure {
  const failed: FindingCode[] = [];
  const passed: Partial<Record<FindingCode, number>> = {};
  for (const f of run.findings) {
    if (f.outcome === 'pass') passed[f.code] = (passed[f.code] ?? 0) + 1;
    else failed.push(f.code);
  }
  // A code with no opportunity adds nothing to any rate: only the others are kept.
  const opportunities: Partial<Record<FindingCode, number>> = {};
  for (const code in run.opportunities) {
    const n = run.opportunities[code as FindingCode] ?? 0;
    if (n > 0) opportunities[code as FindingCode] = n;
  }
  return {
    status: run.status,
    failed,
    passed,
    opportunities,
    targets: run.targets,
    hops: hopsOf(run),
    // Recognition counts and notes are summed over the first repeat of each case only.
    ...(first && run.recognition && { recognition: run.recognition }),
    ...(first && run.notes && run.notes.length > 0 && { notes: run.notes }),
  };
}

/** A case's runs as report.json keeps them for `baton merge`. */
export function caseMeasure(
  runs: readonly CaseRun[],
  expectedHandoffs: number,
  unloaded = false,
): CaseMeasure {
  return {
    expectedHandoffs,
    ...(unloaded && { unloaded: true }),
    runs: runs.map((r, i) => runMeasure(r, i === 0)),
  };
}

// Metrics read a finding's code and outcome, and a run's handoffs only by their number: the
// rest of these stand-ins is empty on purpose.
const HANDOFF: ObservedHandoff = { from: '', to: '', step: 0, spanId: '' };

// One frozen list of stand-ins a number of handoffs: metrics read only its length.
const HANDOFF_LISTS: (readonly ObservedHandoff[])[] = [];

/** `n` stand-in handoffs, as one frozen list shared by every run with `n`. */
export function standInHandoffs(n: number): readonly ObservedHandoff[] {
  let list = HANDOFF_LISTS[n];
  if (list === undefined) {
    list = Object.freeze(Array.from({ length: n }, () => HANDOFF));
    if (n < 64) HANDOFF_LISTS[n] = list;
  }
  return list;
}

// One frozen stand-in a code and outcome: a run of many cases keeps only pointers to them.
const STAND_INS = { pass: new Map<FindingCode, Finding>(), fail: new Map<FindingCode, Finding>() };

/** The shared, frozen stand-in for a finding of `code` with `outcome`. */
export function standIn(code: FindingCode, outcome: 'pass' | 'fail'): Finding {
  const byCode = STAND_INS[outcome];
  let f = byCode.get(code);
  if (f === undefined) {
    f = Object.freeze({ check: '', code, outcome, spanIds: Object.freeze([]), message: '' });
    byCode.set(code, f);
  }
  return f;
}

/**
 * A run as metrics, recognition counts and warnings see it, rebuilt from report.json: the
 * same inputs give the same numbers, so a merged report computes them as one run would.
 */
export function caseRunOf(m: RunMeasure): CaseRun {
  const findings = m.failed.map((code) => standIn(code, 'fail'));
  for (const [code, n] of Object.entries(m.passed) as [FindingCode, number][])
    for (let i = 0; i < n; i++) findings.push(standIn(code, 'pass'));
  return {
    status: m.status,
    findings,
    handoffs: standInHandoffs(m.hops),
    opportunities: { ...m.opportunities },
    targets: m.targets,
    durationMs: 0,
    ...(m.recognition && { recognition: m.recognition }),
    ...(m.notes && { notes: m.notes }),
  };
}
