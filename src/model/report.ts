import type { PropertyResult } from '../contracts/properties/property-result.ts';
import type { CompareGate } from './compare-config.ts';
import type { DataPath } from './data-path.ts';
import type { Finding, FindingCode } from './finding.ts';
import type { GateConfig, ReportFormat } from './suite.ts';
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
  /** The case's steps in short; for a recorded trace, the steps its adapter derived (`trace`). */
  readonly steps?: readonly ReportStep[];
  /** The timeline of the run shown (the run `findings` come from). */
  readonly timeline?: readonly ReportEvent[];
  /** Events left out of `timeline` past its cap. */
  readonly timelineOmitted?: number;
  /** Every repeat's verdict, when the case ran more than once. */
  readonly runs?: readonly RepeatResult[];
  /** What the run's metrics were computed from (absent in older reports): `baton merge` reads it. */
  readonly measured?: CaseMeasure;
}

/** What one repeat of a case gave the run's metrics, recognition counts and warnings. */
export interface RunMeasure {
  readonly status: CaseStatus;
  /** Codes of the findings that did not pass, in the order they were found. */
  readonly failed: readonly FindingCode[];
  /** Passing findings by code (`handoff.on_time`: 2). */
  readonly passed: Readonly<Partial<Record<FindingCode, number>>>;
  /** The chances each code had: the run's share of the rates' denominators. */
  readonly opportunities: Readonly<Partial<Record<FindingCode, number>>>;
  /** Expected and observed targets, for the confusion matrix (`none`: no handoff). */
  readonly targets: readonly { readonly expected: string; readonly observed: string }[];
  /** Handoffs observed. */
  readonly hops: number;
  /** Spans each rule and shape matched (first repeat only; absent when it errored). */
  readonly recognition?: readonly MatchCount[];
  /** Notes that become run warnings (first repeat only). */
  readonly notes?: readonly CaseNote[];
}

/** One case's share of the run's metrics, so reports of shards can be merged into one. */
export interface CaseMeasure {
  /** Position of the case among the run's selected cases, before sharding. */
  readonly order?: number;
  /** Handoffs the case's labels expect. */
  readonly expectedHandoffs: number;
  /** Set on the errored case a case file that did not load stands for. */
  readonly unloaded?: boolean;
  /** One entry a repeat. */
  readonly runs: readonly RunMeasure[];
}

/** The suite settings a run's verdict came from, and the suite's fingerprint. */
export interface ReportBasis {
  /** sha256 of the suite's settings as Baton read them (the file's content, layout aside). */
  readonly suite: string;
  /** The cases the run selected before sharding: how many, and a sha256 of their ids in order. */
  readonly cases?: { readonly count: number; readonly ids: string };
  /** The gates as the suite declares them. */
  readonly gates: readonly GateConfig[];
  readonly costs: Readonly<Partial<Record<FindingCode, number>>>;
  /** The suite's `properties.max_failures`, when it has a `properties:` block. */
  readonly propertyFailures?: number;
  /** The reporters the suite asks for (`reports.formats`). */
  readonly formats: readonly ReportFormat[];
  /** The run was `--strict`. */
  readonly strict: boolean;
  /** Set on the run of one variant of a suite with `variants:`: what `baton merge` compares. */
  readonly compare?: CompareBasis;
}

/** Which variants a suite compares and its `compare:` settings, as a variant's report keeps them. */
export interface CompareBasis {
  readonly baseline: string;
  readonly candidates: readonly string[];
  /** The `compare:` block's gates and bootstrap settings; absent when the suite has none. */
  readonly settings?: {
    readonly gates: readonly CompareGate[];
    readonly seed: number;
    readonly resamples: number;
    readonly alpha: number;
  };
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
  /** Set on a gate Baton added to the suite's list (`errored <= 0` when the list has none). */
  readonly implied?: true;
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
  /** Properties that ran at all, not skipped (absent when the run has none). */
  readonly propertiesRun?: number;
}

/**
 * How many spans one recognition rule, one rule of a preset, a built-in span shape or the step
 * rule matched in the run (first repeat of each case): a rule that matched none explains a wall
 * of `handoff.missed`. Effect rules are counted alike: the tool calls an `effects.tools` rule
 * made effects, the requests an endpoint answered, and what a case's effect label found when no
 * rule of the suite names its effect.
 */
export interface RecognitionCount {
  /**
   * rule: a suite `recognize:` rule; preset: a rule of a shipped preset; shape: a span shape Baton
   * knows; steps: the step rule; tool: an `effects.tools` rule; endpoint: an `effects.endpoints`
   * entry; label: an effect labelled in a case that no rule of the suite names.
   */
  readonly source: 'rule' | 'preset' | 'shape' | 'steps' | 'tool' | 'endpoint' | 'label';
  /** `name "Delegate work to coworker"`, `crewai: Ask question to coworker`, `OpenInference`, `customer_turns`, `issue_refund`. */
  readonly name: string;
  /** Where the suite sets it, e.g. `adapter.recognize[0]`. */
  readonly path?: string;
  /** The case file a label is written in (`line` is then in it); absent: the suite file. */
  readonly file?: string;
  readonly line?: number;
  readonly spans: number;
  /** Cases in which it matched at least one span, of `of` cases that reported counts. */
  readonly cases: number;
  readonly of: number;
  /** An effect rule or label that matched nothing: a like name the run showed (did you mean). */
  readonly near?: string;
}

/** Spans one rule or shape matched in one case run; the runner sums them into RecognitionCount. */
export interface MatchCount {
  readonly source: RecognitionCount['source'];
  readonly name: string;
  /** Where the suite sets it, as a path into the suite file. */
  readonly path?: DataPath;
  readonly spans: number;
  /** A label's case file and line (a rule's line is looked up in the suite file). */
  readonly file?: string;
  readonly line?: number;
  /** When nothing matched: a like name the case showed (a tool called, a request, an effect). */
  readonly near?: string;
}

/** A note about one case run (a label cut to a short trace) that becomes a run warning. */
export interface CaseNote {
  readonly code: RunWarningCode;
  readonly message: string;
  readonly fix?: string;
}

/** Codes of run warnings: about the suite's setup or the data, not about the implementation. */
export const RUN_WARNING_CODES = [
  'recognize.unmatched',
  'steps.unmatched',
  'window.past_end',
  'handoffs.unrecognized',
  'traces.unreadable',
  'effects.unmatched',
  'effects.undeclared',
  'reason.unstated',
  'handoffs.ignored',
  'contracts.unknown_agent',
  'effects.unknown_owner',
] as const;
export type RunWarningCode = (typeof RUN_WARNING_CODES)[number];

/**
 * Run warnings found in the suite's setup before any case runs, read over every selected case:
 * each shard of a run reports the same ones, and `baton merge` keeps them as they are.
 */
export const SETUP_WARNING_CODES: ReadonlySet<RunWarningCode> = new Set([
  'contracts.unknown_agent',
  'effects.unknown_owner',
]);

/** Something about the run a user should know; `error` (under `--strict`) fails the run. */
export interface RunWarning {
  readonly code: RunWarningCode;
  readonly severity: 'warning' | 'error';
  readonly message: string;
  readonly fix?: string;
  readonly file?: string;
  readonly line?: number;
  readonly caseId?: string;
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
  /** Set on a report `baton merge` made from shard reports. */
  readonly merged?: MergeInfo;
}

/** The shard reports a merged report came from. */
export interface MergeInfo {
  readonly total: number;
  /** Each shard merged: its report file, start and duration. */
  readonly shards: readonly {
    readonly index: number;
    readonly file: string;
    readonly startedAt: string;
    readonly durationMs: number;
  }[];
  /** Shards left out (`--allow-partial`): their cases are not in the report. */
  readonly missing?: readonly number[];
  /** The shards' durations summed; `durationMs` is the wall-clock range, first start to last end. */
  readonly durationSumMs: number;
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
  /** Spans matched by each rule, preset, span shape and step rule (absent in older reports). */
  readonly recognition?: readonly RecognitionCount[];
  /** Rules that matched nothing, labels cut to a short trace (absent when there are none). */
  readonly warnings?: readonly RunWarning[];
  /** Versions, commit, filters, shard and seeds (written by the CLI). */
  readonly run?: RunInfo;
  /** The suite's fingerprint and the settings the verdict came from (absent in older reports). */
  readonly basis?: ReportBasis;
  /** Set when a signal stopped the run early: the report holds only the case runs that finished. */
  readonly interrupted?: {
    readonly signal: string;
    /** Cases that had not started when the signal came (left out of the report). */
    readonly casesNotRun: number;
  };
  /** Errors that escaped the implementation (unhandled rejections, throws in timers, process.exit). */
  readonly unhandled?: readonly UnhandledError[];
}

/**
 * A report's cases in order: an array, or results read back one at a time from where a CLI run
 * spilled them (so a run of 100,000 cases does not hold them all).
 */
export interface CaseList extends Iterable<CaseResult> {
  readonly length: number;
}

/** A RunReport whose cases may be read back one at a time instead of held in memory. */
export type StreamedReport = Omit<RunReport, 'cases'> & { readonly cases: CaseList };

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

/** A gate's name as a reader sees it: `errored (implied)` for a gate the suite did not list. */
export function gateName(gate: GateResult): string {
  return gate.implied ? `${gate.name} (implied)` : gate.name;
}

/** What a gate measured, as a reader sees it: the number, or why there was none. */
export function gateActual(gate: GateResult, measured: string): string {
  if (gate.note === undefined) return measured;
  return outcomeOf(gate) === 'n/a' ? `n/a (${gate.note})` : gate.note;
}

/** The run's name as a reader sees it: the suite's, with its variant beside it (`desk (balanced)`). */
export function runName(report: {
  readonly suite: { readonly name: string; readonly variant?: string };
}): string {
  const variant = report.suite.variant;
  return variant === undefined ? report.suite.name : `${report.suite.name} (${variant})`;
}
