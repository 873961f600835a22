import type { CaseRun } from '../metrics/case-run.ts';
import type { FindingCode } from '../model/finding.ts';
import type { CaseMeasure, RunMeasure } from '../model/report.ts';

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
    hops: run.handoffs.length,
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
