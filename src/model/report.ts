import type { PropertyResult } from '../contracts/properties/property-result.ts';
import type { Finding, FindingCode } from './finding.ts';
import type { TimelineEvent } from './timeline.ts';

/** Bump when a field changes meaning or disappears; adding a field does not bump it. */
export const REPORT_SCHEMA_VERSION = 1;

export type CaseStatus = 'pass' | 'fail' | 'error';

export interface ObservedHandoff {
  readonly from: string;
  readonly to: string;
  readonly step: number;
  readonly reason?: string;
  readonly spanId: string;
}

/** One finding code in one case, over all its repeats. */
export interface CodeTally {
  /** Findings with this code (passing ones too, such as `handoff.on_time`). */
  readonly count: number;
  /** The opportunities the code had: the case's share of the rate's denominator. */
  readonly of: number;
  /** Repeats in which the code appeared at least once. */
  readonly runs: number;
}

/** A finding as reported: where in the case file it points (the label it judges, else its step). */
export interface ReportFinding extends Finding {
  /** 1-based line in the case file. */
  readonly line?: number;
  readonly column?: number;
}

/** A timeline event as reported: large payloads and arguments are cut to a preview. */
export type ReportEvent = TimelineEvent & {
  /** Set when `payload` or `args` was too large and is a cut JSON text instead. */
  readonly truncated?: boolean;
};

/** A case step in short, for the timeline's step rows. */
export interface ReportStep {
  readonly kind: string;
  readonly text: string;
  /** 1-based line of the step in the case file. */
  readonly line?: number;
}

/** One repeat of a case: JUnit writes one test case per repeat. */
export interface RepeatResult {
  readonly repeat: number;
  readonly status: CaseStatus;
  readonly durationMs: number;
  /** Findings that did not pass. */
  readonly findings: readonly ReportFinding[];
  readonly error?: { readonly code: string; readonly message: string };
}

/** The verdict on one case over all its repeats. */
export interface CaseResult {
  readonly id: string;
  readonly title: string;
  readonly file?: string;
  readonly tags: readonly string[];
  readonly status: CaseStatus;
  readonly repeats: number;
  readonly passedRepeats: number;
  /** Findings of the first repeat that did not pass, or of the first repeat when all passed. */
  readonly findings: readonly ReportFinding[];
  readonly handoffs: readonly ObservedHandoff[];
  readonly hops: number;
  readonly cost: number;
  readonly durationMs: number;
  readonly error?: { readonly code: string; readonly message: string };
  /** The seed of the permuted order of the run shown, when a `permute` fault ran. */
  readonly permutationSeed?: number;
  /** Every code's findings and opportunities over all repeats (what `baton compare` pairs). */
  readonly tally?: Readonly<Partial<Record<FindingCode, CodeTally>>>;
  /** Who takes part: the timeline's lanes. */
  readonly participants?: {
    readonly agents: readonly string[];
    readonly persons: readonly string[];
  };
  /** The case's steps in short. */
  readonly steps?: readonly ReportStep[];
  /** The timeline of the run shown (the run `findings` come from). */
  readonly timeline?: readonly ReportEvent[];
  /** Events left out of `timeline` past its cap. */
  readonly timelineOmitted?: number;
  /** Every repeat's verdict, when the case ran more than once. */
  readonly runs?: readonly RepeatResult[];
}

/** A count over its denominator with a 95% Wilson score interval. */
export interface Rate {
  readonly count: number;
  readonly of: number;
  readonly rate: number;
  readonly low: number;
  readonly high: number;
  /**
   * The effective number of independent observations the interval is computed on, when repeats
   * or several opportunities in one case made it smaller than `of` (clustered by case).
   */
  readonly effective?: number;
}

export interface ConfusionMatrix {
  /** Row and column labels; `none` means "no handoff". */
  readonly labels: readonly string[];
  /** counts[expected][observed] */
  readonly counts: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

export interface RunMetrics {
  readonly byCode: Readonly<Partial<Record<FindingCode, Rate>>>;
  readonly confusion: ConfusionMatrix;
  readonly hops: {
    readonly histogram: Readonly<Record<string, number>>;
    readonly mean: number;
    readonly max: number;
  };
  readonly passRate: Rate;
  /** pass^k: share of cases that passed every one of k repeats. Equals passRate when k = 1. */
  readonly passAllRepeats: Rate;
  readonly cost: number;
}

/** pass: judged and met; fail: judged and missed (or nothing was judged); n/a: nothing to judge. */
export type GateOutcome = 'pass' | 'fail' | 'n/a';

export interface GateResult {
  readonly name: string;
  readonly threshold: string;
  /** The measured value; 0 when the gate had nothing to measure (see `outcome`). */
  readonly actual: number;
  /** True only for a gate that was judged and met (an `n/a` gate is not passed). */
  readonly passed: boolean;
  /** Absent in reports written before it existed: read `passed` then. */
  readonly outcome?: GateOutcome;
  /** Why the gate failed or read n/a without a measurement, e.g. "no case produced a verdict". */
  readonly note?: string;
}

export interface RunSummary {
  readonly cases: number;
  readonly passed: number;
  readonly failed: number;
  readonly errored: number;
  /** Failing findings by code, property failures included. */
  readonly byCode: Readonly<Partial<Record<FindingCode, number>>>;
  /** Properties that failed or errored (absent when no property ran). */
  readonly propertiesFailed?: number;
}

/** Where and how a run happened: enough to reproduce it and to tell a partial run from a full one. */
export interface RunInfo {
  readonly baton: string;
  readonly node: string;
  readonly platform?: string;
  readonly git?: { readonly commit: string; readonly dirty: boolean };
  /** Case and property filters; absent when every case of the suite ran. */
  readonly filters?: {
    readonly cases?: readonly string[];
    readonly tags?: readonly string[];
    readonly property?: string;
    readonly path?: string;
  };
  /** The slice of the suite's cases this run took (1-based index). */
  readonly shard?: { readonly index: number; readonly total: number };
  /** The seed the envelope properties used; each case's order seed is on the case. */
  readonly seeds?: { readonly properties?: number };
  /** True when filters or a shard left cases of the suite out. */
  readonly partial: boolean;
}

/** Everything a reporter or a later comparison needs, as versioned JSON. */
export interface RunReport {
  readonly schemaVersion: typeof REPORT_SCHEMA_VERSION;
  readonly suite: {
    readonly name: string;
    readonly file: string;
    readonly adapter: string;
    /** The variant of the suite this run was (a suite with `variants:`). */
    readonly variant?: string;
  };
  readonly startedAt: string;
  readonly durationMs: number;
  readonly repeat: number;
  readonly passed: boolean;
  readonly summary: RunSummary;
  readonly metrics: RunMetrics;
  readonly gates: readonly GateResult[];
  /** Why the run failed besides its gates (a case file that did not load, nothing judged). */
  readonly reasons?: readonly string[];
  readonly cases: readonly CaseResult[];
  /** Envelope property tests of the receivers, when the suite has a `properties:` block. */
  readonly properties: readonly PropertyResult[];
  /** Versions, commit, filters, shard and seeds (written by the CLI). */
  readonly run?: RunInfo;
  /** Set when a signal stopped the run early: the report holds only the case runs that finished. */
  readonly interrupted?: {
    readonly signal: string;
    /** Cases that had not started when the signal came (left out of the report). */
    readonly casesNotRun: number;
  };
  /** Errors that escaped the implementation (unhandled rejections, throws in timers, process.exit). */
  readonly unhandled?: readonly UnhandledError[];
}

/** An error that escaped an implementation; any one of them fails the run. */
export interface UnhandledError {
  readonly kind: 'unhandled_rejection' | 'uncaught_exception' | 'exit';
  readonly message: string;
  readonly caseId?: string;
  readonly repeat?: number;
}

/** A gate's outcome; reports written before `outcome` existed only have `passed`. */
export function outcomeOf(gate: GateResult): GateOutcome {
  return gate.outcome ?? (gate.passed ? 'pass' : 'fail');
}

/** What a gate measured, as a reader sees it: the number, or why there was none. */
export function gateActual(gate: GateResult, measured: string): string {
  if (gate.note === undefined) return measured;
  return outcomeOf(gate) === 'n/a' ? `n/a (${gate.note})` : gate.note;
}
