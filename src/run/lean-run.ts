import type { CaseRun } from '../metrics/case-run.ts';
import { caseTally } from '../metrics/case-tally.ts';
import { standIn, standInHandoffs } from '../metrics/run-measure.ts';
import type { Finding, FindingCode } from '../model/finding.ts';
import type { CaseResult, CodeTally } from '../model/report.ts';
import type { Summarized } from './summarize.ts';

/**
 * What a run keeps of a finished case for its metrics, summary, recognition warnings and
 * escaped errors: the result itself goes to the report's sink, the loaded case and the spans,
 * timeline and messages are let go.
 */
export interface KeptCase {
  readonly id: string;
  /** Handoffs the case's labels expect. */
  readonly expected: number;
  readonly summarized: Summarized;
  /**
   * Each repeat as metrics read it (codes, counts, targets; no timeline, no messages). Their
   * opportunities are left empty: `tally` holds them, summed over the repeats.
   */
  readonly runs: readonly CaseRun[];
  /** The case's findings and opportunities by code (`caseTally` of its runs), for the metrics. */
  readonly tally: Readonly<Partial<Record<FindingCode, CodeTally>>>;
}

const NO_OPPORTUNITIES: CaseRun['opportunities'] = Object.freeze({});

const NO_FINDINGS: readonly Finding[] = Object.freeze([]);

/**
 * A run as metrics read it: findings as shared stand-ins, no timeline, no opportunities (the
 * kept case's tally has them); notes and escaped errors kept. What `caseRunOf(runMeasure(run,
 * first))` gives otherwise (without recognition, tallied as the case finishes), built in one
 * pass: this runs for every case.
 */
export function leanRun(run: CaseRun, first: boolean): CaseRun {
  const findings: Finding[] = [];
  // Failing findings in the order found, then the passing ones grouped by code (in the order
  // their codes first passed).
  let passed: FindingCode[] | undefined;
  for (const f of run.findings) {
    if (f.outcome !== 'pass') findings.push(standIn(f.code, 'fail'));
    else if (!passed) passed = [f.code];
    else if (!passed.includes(f.code)) passed.push(f.code);
  }
  if (passed)
    for (const code of passed)
      for (const f of run.findings)
        if (f.outcome === 'pass' && f.code === code) findings.push(standIn(code, 'pass'));
  const notes = first && run.notes && run.notes.length > 0 ? run.notes : undefined;
  return {
    status: run.status,
    findings: findings.length === 0 ? NO_FINDINGS : findings,
    handoffs: standInHandoffs(run.handoffs.length),
    opportunities: NO_OPPORTUNITIES,
    targets: run.targets,
    durationMs: 0,
    ...(notes && { notes }),
    ...(run.strays && { strays: run.strays }),
  };
}

/** The case kept after its result is built. */
export function keptCase(result: CaseResult, expected: number, runs: readonly CaseRun[]): KeptCase {
  const failing = result.findings.filter((f) => f.outcome !== 'pass');
  return {
    id: result.id,
    expected,
    summarized: {
      status: result.status,
      findings:
        failing.length === 0
          ? NO_FINDINGS
          : failing.map(({ code, outcome }) => ({ code, outcome })),
    },
    runs: runs.map((r, i) => leanRun(r, i === 0)),
    tally: result.tally ?? caseTally(runs),
  };
}
