import type { ProductionMetrics } from '../model/production-metrics.ts';
import type { ConfusionMatrix, Rate } from '../model/report.ts';
import type { Difference, HandoffBrief } from './compare-handoffs.ts';
import type { SkippedTraces } from './skipped-traces.ts';

/** Bump when a field of shadow.json changes meaning or disappears; adding one does not. */
export const SHADOW_SCHEMA_VERSION = 1;

/** One conversation on which the candidate and the live system did not hand off alike. */
export interface Disagreement {
  readonly conversation: string;
  readonly traceIds: readonly string[];
  readonly live: readonly HandoffBrief[];
  readonly candidate: readonly HandoffBrief[];
  readonly differences: readonly Difference[];
  /** The draft case file written for it, relative to the report folder; absent past max_drafts. */
  readonly draft?: string;
}

/** What happened to the conversations the shadow saw. */
export interface ShadowTraffic {
  readonly spans: number;
  /** Spans that came after their conversation had been finished (dropped). */
  readonly lateSpans: number;
  readonly finished: number;
  readonly compared: number;
  readonly agreed: number;
  /** Finished conversations dropped because the candidate's queue was full. */
  readonly dropped: number;
  /** Conversations cut by a memory bound (too many spans or open conversations): not compared. */
  readonly cut: number;
  /** Conversations whose inputs the trace does not show: not replayed. */
  readonly unreplayable: number;
  /** Conversations on which the candidate broke (error, timeout). */
  readonly errored: number;
  /** Finished, waiting for the candidate or running, when the report was written. */
  readonly pending: number;
}

/**
 * Who the candidate was given each conversation's first step as: the suite's `shadow.entry`, or,
 * without one, the agent each live trace shows taking it (docs/shadow.md).
 */
export interface EntryReport {
  /** The suite's `shadow.entry`; absent when the entry was read from each trace. */
  readonly set?: string;
  /** Without `set`: compared conversations by the entry agent read from their traces. */
  readonly assumed: Readonly<Record<string, number>>;
  /** Agents passed over as the entry because their turns only wrap other agents'. */
  readonly passedOver: readonly string[];
}

/** A gate of one rollout stage, with what the window showed. */
export interface StageGate {
  readonly name: string;
  readonly threshold: string;
  readonly actual: string;
  readonly passed: boolean;
}

/** Whether the candidate may take live traffic, and how much. */
export interface Readiness {
  /** The largest share of traffic whose stage passes, or 0. */
  readonly percent: number;
  readonly ready: boolean;
  /** One line: "ready for a canary at 5%" or what blocks it. */
  readonly verdict: string;
  readonly stages: readonly {
    readonly percent: number;
    readonly passed: boolean;
    readonly gates: readonly StageGate[];
  }[];
}

/** shadow.json: the live report of one `baton shadow` run, rewritten as it goes. */
export interface ShadowReport {
  readonly schemaVersion: typeof SHADOW_SCHEMA_VERSION;
  readonly kind: 'baton.shadow';
  readonly suite: { readonly name: string; readonly file: string; readonly candidate: string };
  readonly source: string;
  readonly startedAt: string;
  readonly updatedAt: string;
  /** True for the report written when the run stopped. */
  readonly final: boolean;
  readonly traffic: ShadowTraffic;
  /** Traces with no agent activity (health checks, plain HTTP): not conversations, not counted. */
  readonly skipped: SkippedTraces;
  readonly entry: EntryReport;
  /** Conversations with the same handoffs on both sides, over those compared. */
  readonly agreement: Rate;
  /** Rows: the live receiver; columns: the candidate's (`none` for no handoff). */
  readonly confusion: ConfusionMatrix;
  readonly timing: {
    readonly earlier: number;
    readonly later: number;
    /** Candidate step − live step of handoffs to the same receiver at another step. */
    readonly byDistance: Readonly<Record<string, number>>;
  };
  readonly escalations: {
    readonly missed: number;
    readonly extra: number;
    /** Conversations with a missed escalation (the first ones). */
    readonly missedIn: readonly string[];
  };
  readonly metrics: { readonly live: ProductionMetrics; readonly candidate: ProductionMetrics };
  /** What the candidate tried to do to the world: effects by name and outcome, refused hosts. */
  readonly effects: {
    readonly byEffect: Readonly<Record<string, Readonly<Record<string, number>>>>;
    readonly refusedHosts: Readonly<Record<string, number>>;
  };
  readonly disagreements: { readonly count: number; readonly listed: readonly Disagreement[] };
  /** Unreplayable conversations and candidate errors, the first ones. */
  readonly problems: readonly { readonly conversation: string; readonly message: string }[];
  readonly readiness: Readiness;
}
