import { conversationFacts } from '../../metrics/production/conversation-facts.ts';
import { ProductionTally } from '../../metrics/production/production-tally.ts';
import type { ToolEffectRule } from '../../model/effects-config.ts';
import type { ProductionMetrics } from '../../model/production-metrics.ts';
import type { ShadowLiveConfig } from '../../model/shadow-config.ts';
import type { TraceProblem } from '../../traces/read-batches.ts';
import { readSpanRecords } from '../../traces/read-records.ts';
import { ConversationAssembler, type FinishedConversation } from '../conversation-assembler.ts';
import { liveReader } from '../live-trace.ts';
import { liveView } from '../live-view.ts';
import { SkippedTally, type SkippedTraces } from '../skipped-traces.ts';

export interface StatsOptions {
  readonly live: ShadowLiveConfig;
  readonly persons?: readonly string[];
  readonly overrideDecisions?: readonly string[];
  /** The suite's `effects.tools`: tool calls that are effects (finished work), as in a run. */
  readonly toolEffects?: readonly ToolEffectRule[];
  /** The suite's `facts:` map, for re-asks in plain words. */
  readonly facts?: Readonly<Record<string, readonly string[]>>;
}

/** The production metrics of trace files, and what could not be read. */
export interface TraceStats {
  readonly metrics: ProductionMetrics;
  /** Conversations cut short by a memory bound (too many spans): counted, partly. */
  readonly cut: number;
  /** Traces with no agent activity (health checks, plain HTTP): not counted as conversations. */
  readonly skipped: SkippedTraces;
  /** The first problems (up to 100). */
  readonly problems: readonly TraceProblem[];
  /** Every problem counted, by file, in the order the files were read. */
  readonly unreadable: readonly { readonly file: string; readonly count: number }[];
}

const MAX_PROBLEMS = 100;

/**
 * The production metrics of recorded traces, no labels needed: every file is streamed, its spans
 * grouped into conversations as a shadow run groups live ones (one conversation id across
 * traces), each read by the traces adapter's rules. Time is counted in spans read, so a
 * conversation is complete once 100,000 spans passed without one of its own (files interleave
 * traces); memory holds the open conversations only.
 */
export async function traceStats(files: readonly string[], o: StatsOptions): Promise<TraceStats> {
  const read = liveReader(o.live);
  const tally = new ProductionTally();
  const problems: TraceProblem[] = [];
  const skipped = new SkippedTally();
  let cut = 0;
  const options = {
    ...(o.overrideDecisions && { overrideDecisions: o.overrideDecisions }),
    ...(o.facts && { facts: o.facts }),
  };
  const take = (finished: readonly FinishedConversation[]) => {
    for (const f of finished) {
      const view = liveView(read(f.spans), {
        persons: o.persons ?? [],
        ...(o.toolEffects && { toolEffects: o.toolEffects }),
      });
      if (!view.active) {
        skipped.add(f);
        continue;
      }
      if (f.cut) cut++;
      const facts = conversationFacts({ timeline: view.timeline, persons: view.persons }, options);
      tally.add(facts, view.persons, f.id);
    }
  };
  // One assembler for every file: a conversation split across rotated files is still one.
  const assembler = new ConversationAssembler({
    idleMs: 100_000,
    settleMs: 10_000,
    maxOpen: 100_000,
    maxSpans: 200_000,
    maxHeldSpans: 1_000_000,
  });
  let seen = 0;
  const unreadable: { file: string; count: number }[] = [];
  for (const file of files) {
    let count = 0;
    const onProblem = (p: TraceProblem) => {
      count++;
      if (problems.length < MAX_PROBLEMS) problems.push(p);
    };
    for await (const { spans } of readSpanRecords(file, onProblem)) {
      seen += spans.length;
      assembler.add(spans, seen);
      take(assembler.takeFinished(seen));
    }
    if (count > 0) unreadable.push({ file, count });
  }
  take(assembler.drain());
  return { metrics: tally.metrics(), cut, skipped: skipped.value, problems, unreadable };
}
