import type { ToolEffectRule } from '../model/effects-config.ts';
import type { Case } from '../model/labelled-case.ts';
import type { ShadowConfig } from '../model/shadow-config.ts';
import type { Timeline } from '../model/timeline.ts';
import type { SpanRecord } from '../normalize/span-record.ts';
import type { DerivedSteps } from '../traces/derive-steps.ts';
import { type Comparison, compareHandoffs } from './compare-handoffs.ts';
import { ConversationAssembler, type FinishedConversation } from './conversation-assembler.ts';
import { liveCase } from './live-case.ts';
import type { LiveReader } from './live-trace.ts';
import { type LiveView, liveView } from './live-view.ts';
import { readiness } from './readiness.ts';
import { SHADOW_SCHEMA_VERSION, type ShadowReport } from './shadow-report.ts';
import { ShadowTally } from './shadow-tally.ts';

/** What running the candidate on one conversation gave: its timeline, or why it broke. */
export type CandidateRun =
  | { readonly ok: true; readonly timeline: Timeline }
  | { readonly ok: false; readonly message: string };

/** The implementation under test, run on a live conversation's inputs. */
export interface Candidate {
  readonly name: string;
  run(testCase: Case): Promise<CandidateRun>;
}

/** A disagreement to export as a draft case; the writer returns the draft's path, if written. */
export interface DraftRequest {
  readonly finished: FinishedConversation;
  readonly derived: DerivedSteps;
  readonly view: LiveView;
  readonly comparison: Comparison;
}

export interface EngineOptions {
  readonly config: ShadowConfig;
  readonly reader: LiveReader;
  /** The suite's `effects.tools` and `facts:`: the live side is read as `baton run` reads it. */
  readonly toolEffects?: readonly ToolEffectRule[];
  readonly facts?: Readonly<Record<string, readonly string[]>>;
  readonly candidate: Candidate;
  /** Candidate runs at once. */
  readonly concurrency: number;
  /** Monotonic milliseconds: a fake clock in tests. */
  readonly now: () => number;
  /** Wall-clock time for the report's timestamps. */
  readonly date: () => Date;
  readonly writeDraft?: (request: DraftRequest) => Promise<string | undefined>;
  readonly suite: ShadowReport['suite'];
  /** Where the traffic comes from (read when a report is made: a port is known only later). */
  readonly source: () => string;
}

/** A finished conversation read by the live rules, waiting for the candidate. */
interface Queued {
  readonly finished: FinishedConversation;
  readonly derived: DerivedSteps;
  readonly view: LiveView;
}

/**
 * The shadow run's core: live spans come in (`receive`, which only files them), finished
 * conversations are read (a trace with no agent activity is skipped and counted, never queued)
 * and go through a bounded queue to the candidate (`tick`; a full queue drops and counts), and
 * each comparison is tallied. Nothing here waits on the live side: the receiver answers before
 * any candidate work is done. I/O (receiving, drafts, report files) is injected.
 */
export class ShadowEngine {
  private readonly assembler: ConversationAssembler;
  private readonly tally: ShadowTally;
  private readonly queue: Queued[] = [];
  private running = 0;
  private drafts = 0;
  private readonly startedAt: Date;
  private waiters: (() => void)[] = [];

  constructor(private readonly o: EngineOptions) {
    const c = o.config;
    this.assembler = new ConversationAssembler({
      idleMs: c.idle_ms,
      settleMs: c.settle_ms,
      maxOpen: c.max_open,
      maxSpans: c.max_spans,
      maxHeldSpans: c.max_held_spans,
    });
    this.tally = new ShadowTally({
      ...(c.override_decisions && { overrideDecisions: c.override_decisions }),
      ...(o.facts && { facts: o.facts }),
      ...(c.entry !== undefined && { entry: c.entry }),
    });
    this.startedAt = o.date();
  }

  /** Files live spans under their conversations. Cheap: no candidate work happens here. */
  receive(spans: readonly SpanRecord[]): void {
    this.tally.traffic.spans += spans.length;
    this.tally.traffic.lateSpans += this.assembler.add(spans, this.o.now());
  }

  /** Queues the conversations finished by now and starts candidate runs up to the concurrency. */
  tick(): void {
    this.enqueue(this.assembler.takeFinished(this.o.now()));
  }

  /** Takes every open conversation as finished (the run is stopping) and queues them. */
  drain(): void {
    this.enqueue(this.assembler.drain());
  }

  /** Resolves once the queue is empty and no candidate run is in flight. */
  idle(): Promise<void> {
    if (this.queue.length === 0 && this.running === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Conversations finished so far (compared or not). */
  get finished(): number {
    return this.tally.traffic.finished;
  }

  /** Open conversations, held spans and queued ones: what memory holds now. */
  get held(): { open: number; spans: number; queued: number; running: number } {
    return {
      open: this.assembler.open,
      spans: this.assembler.heldSpans,
      queued: this.queue.length,
      running: this.running,
    };
  }

  report(final: boolean): ShadowReport {
    const sections = this.tally.sections(this.queue.length + this.running);
    const t = sections.traffic;
    return {
      schemaVersion: SHADOW_SCHEMA_VERSION,
      kind: 'baton.shadow',
      suite: this.o.suite,
      source: this.o.source(),
      startedAt: this.startedAt.toISOString(),
      updatedAt: this.o.date().toISOString(),
      final,
      ...sections,
      readiness: readiness(this.o.config.rollout, {
        compared: t.compared,
        agreement: sections.agreement,
        missedEscalations: sections.escalations.missed,
        errored: t.errored,
        dropped: t.dropped,
        finished: t.finished,
      }),
    };
  }

  private enqueue(finished: readonly FinishedConversation[]): void {
    for (const f of finished) {
      let read: Queued;
      try {
        read = this.read(f);
      } catch (error) {
        // A bug in reading one conversation must not stop the shadow run.
        this.tally.traffic.finished++;
        this.tally.problem('errored', f.id, `Baton failed on this conversation: ${String(error)}`);
        continue;
      }
      // Read before counting: a health check is no conversation and must not fill the queue.
      if (!read.view.active) {
        this.tally.skip(f);
        continue;
      }
      this.tally.traffic.finished++;
      if (f.cut) this.tally.traffic.cut++;
      else if (this.queue.length >= this.o.config.queue) this.tally.traffic.dropped++;
      else {
        this.queue.push(read);
        // A free worker takes it at once: the queue holds only what waits.
        this.pump();
      }
    }
  }

  /** A finished conversation by the live rules (the traces adapter's, the suite's tool effects). */
  private read(f: FinishedConversation): Queued {
    const c = this.o.config;
    const derived = this.o.reader(f.spans);
    const view = liveView(derived, {
      ...(c.entry !== undefined && { entry: c.entry }),
      persons: c.persons,
      ...(this.o.toolEffects && { toolEffects: this.o.toolEffects }),
    });
    return { finished: f, derived, view };
  }

  private pump(): void {
    while (this.running < this.o.concurrency && this.queue.length > 0) {
      const next = this.queue.shift() as Queued;
      this.running++;
      void this.process(next).finally(() => {
        this.running--;
        this.pump();
        if (this.queue.length === 0 && this.running === 0) this.wake();
      });
    }
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  private async process(q: Queued): Promise<void> {
    try {
      await this.compare(q);
    } catch (error) {
      // A bug in reading one conversation must not stop the shadow run.
      const id = q.finished.id;
      this.tally.problem('errored', id, `Baton failed on this conversation: ${String(error)}`);
    }
  }

  private async compare({ finished: f, derived, view }: Queued): Promise<void> {
    const c = this.o.config;
    const built = liveCase(f.id, view);
    if (!built.ok) return this.tally.problem('unreplayable', f.id, built.reason);
    const run = await this.o.candidate.run(built.case);
    if (!run.ok) return this.tally.problem('errored', f.id, run.message);
    const persons = withMarkedPersons(view.persons, run.timeline);
    const comparison = compareHandoffs(view.timeline, run.timeline, persons);
    let draft: string | undefined;
    if (!comparison.agree && this.o.writeDraft && this.drafts < c.max_drafts) {
      this.drafts++;
      try {
        draft = await this.o.writeDraft({ finished: f, derived, view, comparison });
      } catch (error) {
        this.tally.note(f.id, `the draft case was not written: ${String(error)}`);
      }
    }
    this.tally.add({
      conversation: f.id,
      traceIds: f.traceIds,
      comparison,
      live: view.timeline,
      candidate: run.timeline,
      persons,
      entry: { name: built.case.entry, wrappers: view.wrappers },
      ...(draft !== undefined && { draft }),
    });
  }
}

/**
 * The people of a conversation: those the live traffic shows, and receivers the candidate's own
 * handoffs mark as people (`baton.handoff.target_kind` `person`): an escalation only the
 * candidate makes is still one.
 */
function withMarkedPersons(persons: ReadonlySet<string>, candidate: Timeline): ReadonlySet<string> {
  let out: Set<string> | undefined;
  for (const e of candidate.events) {
    if (e.kind !== 'handoff' || !e.toPerson || persons.has(e.to)) continue;
    out ??= new Set(persons);
    out.add(e.to);
  }
  return out ?? persons;
}
