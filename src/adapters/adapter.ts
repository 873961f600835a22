import type { Tracer } from '@opentelemetry/api';
import type { Edge, NegotiationOutcome, NegotiationRequest, Receiver } from '../contracts/types.ts';
import type { ToolEffectRule } from '../model/effects-config.ts';
import type { Case, Labels } from '../model/labelled-case.ts';
import type { CaseNote, MatchCount, UnhandledError } from '../model/report.ts';
import type { Step } from '../model/step.ts';
import type { SpanRecord } from '../normalize/span-record.ts';

/**
 * What an adapter gets for one case run. The adapter feeds the steps through `step()` so that
 * Baton's step spans wrap whatever the implementation emits while handling them.
 */
export interface CaseContext {
  /** A tracer whose spans land in this case's capture scope. */
  readonly tracer: Tracer;
  /** Runs `handle` inside Baton's span for step `index`; spans started inside belong to it. */
  step<T>(index: number, handle: (step: Step) => Promise<T> | T): Promise<T>;
  /** Aborted when the case times out or the run is cancelled (made on first read). */
  readonly signal: AbortSignal;
  /** True once the case timed out: a cheap check between steps. */
  readonly aborted: boolean;
  /** Which repeat this is (0-based) when the suite repeats cases. */
  readonly repeat: number;
}

/**
 * Extra output of a case run. Adapters that do not emit spans in-process (an HTTP service that
 * exports OTLP, a recorded trace file) return the spans they collected here.
 */
export interface CaseRunOutput {
  readonly spans?: readonly SpanRecord[];
  /** The seed of the permuted order this run used (a `permute` fault): replays it. */
  readonly permutationSeed?: number;
  /** Spans each of the adapter's rules and shapes matched (else Baton counts its built-in shapes). */
  readonly recognition?: readonly MatchCount[];
  /** Labels adjusted to this run, e.g. a window cut to a short recorded trace. */
  readonly labels?: Labels;
  /** What the adapter noticed about this case that the user should know (run warnings). */
  readonly notes?: readonly CaseNote[];
  /** The steps the adapter cut a case that lists none into (a recorded trace), in order. */
  readonly steps?: readonly DerivedStepText[];
}

/** One step an adapter derived, as reports show it: `trace 4bf92f35 "POST /chat"`. */
export interface DerivedStepText {
  readonly kind: string;
  readonly text: string;
}

/**
 * Drives one handoff implementation through cases. It never decides a verdict: everything Baton
 * concludes comes from the spans it captures and the case labels.
 */
export interface Adapter {
  readonly name: string;
  /**
   * The implementation delivers handoffs and parallel work through Baton (`info.deliver`,
   * `info.parallel`: the module adapter), so a case's delivery faults act; without it, a case
   * that injects one errors instead of passing untested.
   */
  readonly deliversHandoffs?: boolean;
  /** Runs once before the first case (start a server, load a module). */
  setup?(): Promise<void>;
  /**
   * Waits until one case can start at once (an isolate is free, or a new one has booted); the
   * runner calls it before a case's clock starts, so the wait never counts against `timeout_ms`.
   */
  reserve?(): Promise<void>;
  /** Feeds one case to the implementation; resolves when the case is over. */
  runCase(testCase: Case, ctx: CaseContext): Promise<CaseRunOutput | undefined>;
  /** Runs once after the last case, also when the run failed. */
  teardown?(): Promise<void>;
  /**
   * Errors that escaped the implementation when no case of theirs was running (an isolate's
   * timer firing after its case finished): each fails the run. Read once, after teardown.
   */
  lateErrors?(): readonly UnhandledError[];
  /**
   * Tool effects the adapter's own options declare (the openai-agents adapter's older
   * `options.effects.tools`); judged with the suite's `effects.tools`, which come first.
   */
  readonly toolEffects?: readonly ToolEffectRule[];
  /** The receiving side of an edge, for envelope property tests; undefined when not exposed. */
  receiver?(edge: Edge): Receiver | undefined;
  /** Runs the implementation's send–reject–revise loop on an edge; undefined when not exposed. */
  negotiator?(
    edge: Edge,
  ): ((request: NegotiationRequest) => Promise<NegotiationOutcome>) | undefined;
}
