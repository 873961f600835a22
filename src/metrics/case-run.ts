import type { Finding, FindingCode } from '../model/finding.ts';
import type { CaseNote, MatchCount, ObservedHandoff, UnhandledError } from '../model/report.ts';
import type { TimelineEvent } from '../model/timeline.ts';

/** One pair in the confusion of targets: what the labels expected, what happened (`none`). */
export interface TargetPair {
  readonly expected: string;
  readonly observed: string;
}

/**
 * What metrics need from one run of one case: its findings and the opportunities each kind of
 * finding had (the denominators of the rates).
 */
export interface CaseRun {
  readonly status: 'pass' | 'fail' | 'error';
  readonly findings: readonly Finding[];
  readonly handoffs: readonly ObservedHandoff[];
  /**
   * The handoffs that were hops, as the hops check counts them (an answer coming back is none);
   * absent: every handoff listed.
   */
  readonly hops?: number;
  /** The chances each finding code had in this run: the denominators of the rates. */
  readonly opportunities: Partial<Record<FindingCode, number>>;
  readonly targets: readonly TargetPair[];
  readonly durationMs: number;
  /** The seed of the permuted order, when a `permute` fault ran. */
  readonly permutationSeed?: number;
  readonly error?: { readonly code: string; readonly message: string };
  /** Spans each rule and shape matched in this run (absent when the case errored). */
  readonly recognition?: readonly MatchCount[];
  readonly notes?: readonly CaseNote[];
  /** The steps the adapter derived for a case that lists none (a recorded trace). */
  readonly steps?: readonly { readonly kind: string; readonly text: string }[];
  /** Errors that escaped the implementation during this run (they made it an error). */
  readonly strays?: readonly UnhandledError[];
  /** The normalised events the findings were judged on (absent when the run errored). */
  readonly timeline?: readonly TimelineEvent[];
}

/** How many hops a run made: its own count, else every handoff it lists. */
export function hopsOf(run: Pick<CaseRun, 'hops' | 'handoffs'>): number {
  return run.hops ?? run.handoffs.length;
}
