import type { CaseRun } from '../metrics/case-run.ts';
import { caseRunOf, runMeasure } from '../metrics/run-measure.ts';
import type { Finding } from '../model/finding.ts';
import type { CaseResult } from '../model/report.ts';
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
  /** Each repeat as metrics read it (codes, counts, targets; no timeline, no messages). */
  readonly runs: readonly CaseRun[];
}

const NO_FINDINGS: readonly Finding[] = Object.freeze([]);

/** A run as metrics read it: findings as shared stand-ins, no timeline; notes and escaped errors kept. */
export function leanRun(run: CaseRun, first: boolean): CaseRun {
  // Recognition counts are tallied as the case finishes (RecognitionTally).
  const { recognition: _, ...lean } = caseRunOf(runMeasure(run, first));
  return run.strays ? { ...lean, strays: run.strays } : lean;
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
  };
}
