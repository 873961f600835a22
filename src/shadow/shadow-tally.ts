import { confusionMatrix } from '../metrics/confusion.ts';
import { conversationFacts } from '../metrics/production/conversation-facts.ts';
import { ProductionTally } from '../metrics/production/production-tally.ts';
import { wilson } from '../metrics/wilson.ts';
import type { ConfusionMatrix } from '../model/report.ts';
import type { Timeline } from '../model/timeline.ts';
import type { Comparison } from './compare-handoffs.ts';
import type { FinishedConversation } from './conversation-assembler.ts';
import type { Disagreement, EntryReport, ShadowReport, ShadowTraffic } from './shadow-report.ts';
import { SkippedTally } from './skipped-traces.ts';

/** Lists in the report stop growing here; their counts go on. */
export const MAX_LISTED = 100;
const MAX_PROBLEMS = 20;
const MAX_NAMES = 100;
const OTHER = '(other)';

/** One compared conversation, as the tally takes it. */
export interface ComparedConversation {
  readonly conversation: string;
  readonly traceIds: readonly string[];
  readonly comparison: Comparison;
  readonly live: Timeline;
  readonly candidate: Timeline;
  readonly persons: ReadonlySet<string>;
  /** Who took the first step, and the agents passed over as wrappers to find it. */
  readonly entry: { readonly name: string; readonly wrappers: readonly string[] };
  readonly draft?: string;
}

/** How the live side is read into metrics, and the suite's `shadow.entry`, if any. */
export interface TallyOptions {
  readonly overrideDecisions?: readonly string[];
  readonly facts?: Readonly<Record<string, readonly string[]>>;
  readonly entry?: string;
}

type Counters = { -readonly [K in Exclude<keyof ShadowTraffic, 'pending'>]: number };

/**
 * Everything a shadow run has seen, in memory that does not grow with the traffic: counters,
 * capped confusion labels, a distance histogram, two production tallies (live and candidate)
 * and the first disagreements and problems.
 */
export class ShadowTally {
  readonly traffic: Counters = {
    spans: 0,
    lateSpans: 0,
    finished: 0,
    compared: 0,
    agreed: 0,
    dropped: 0,
    cut: 0,
    unreplayable: 0,
    errored: 0,
  };
  private readonly pairs = new Map<string, number>();
  private readonly names = new Set<string>();
  private readonly distances = new Map<number, number>();
  private missedEscalations = 0;
  private extraEscalations = 0;
  private readonly missedIn: string[] = [];
  private readonly liveMetrics = new ProductionTally();
  private readonly candidateMetrics = new ProductionTally();
  private readonly effects = new Map<string, Map<string, number>>();
  private readonly refused = new Map<string, number>();
  private disagreementCount = 0;
  private readonly listed: Disagreement[] = [];
  private readonly problemList: { conversation: string; message: string }[] = [];
  private readonly skipped = new SkippedTally();
  private readonly assumed = new Map<string, number>();
  private readonly passedOver = new Set<string>();

  constructor(private readonly o: TallyOptions = {}) {}

  /** A trace with no agent activity: not a conversation, counted apart. */
  skip(f: FinishedConversation): void {
    this.skipped.add(f);
  }

  /** A conversation that could not be compared: unreplayable or the candidate broke. */
  problem(kind: 'unreplayable' | 'errored', conversation: string, message: string): void {
    this.traffic[kind]++;
    if (this.problemList.length < MAX_PROBLEMS) this.problemList.push({ conversation, message });
  }

  /** Something to tell about a conversation that changes no count (a draft that failed). */
  note(conversation: string, message: string): void {
    if (this.problemList.length < MAX_PROBLEMS) this.problemList.push({ conversation, message });
  }

  add(c: ComparedConversation): void {
    const { comparison } = c;
    this.traffic.compared++;
    if (comparison.agree) this.traffic.agreed++;
    for (const pair of comparison.targets) {
      const key = `${this.name(pair.expected)}\0${this.name(pair.observed)}`;
      this.pairs.set(key, (this.pairs.get(key) ?? 0) + 1);
    }
    for (const d of comparison.differences)
      if (d.kind === 'timing')
        this.distances.set(d.distance, (this.distances.get(d.distance) ?? 0) + 1);
    this.missedEscalations += comparison.missedEscalations;
    this.extraEscalations += comparison.extraEscalations;
    if (comparison.missedEscalations > 0 && this.missedIn.length < MAX_LISTED)
      this.missedIn.push(c.conversation);
    const o = {
      ...(this.o.overrideDecisions && { overrideDecisions: this.o.overrideDecisions }),
      ...(this.o.facts && { facts: this.o.facts }),
    };
    const id = c.conversation;
    this.liveMetrics.add(
      conversationFacts({ timeline: c.live, persons: c.persons }, o),
      c.persons,
      id,
    );
    this.candidateMetrics.add(
      conversationFacts({ timeline: c.candidate, persons: c.persons }, o),
      c.persons,
      id,
    );
    this.countEntry(c.entry);
    this.countEffects(c.candidate);
    if (comparison.agree) return;
    this.disagreementCount++;
    if (this.listed.length < MAX_LISTED) this.listed.push(disagreement(c));
  }

  private countEntry(entry: ComparedConversation['entry']): void {
    if (this.o.entry !== undefined) return;
    if (this.assumed.size < MAX_NAMES || this.assumed.has(entry.name))
      this.assumed.set(entry.name, (this.assumed.get(entry.name) ?? 0) + 1);
    for (const w of entry.wrappers) if (this.passedOver.size < MAX_NAMES) this.passedOver.add(w);
  }

  private entry(): EntryReport {
    if (this.o.entry !== undefined) return { set: this.o.entry, assumed: {}, passedOver: [] };
    const byCount = [...this.assumed].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    return { assumed: Object.fromEntries(byCount), passedOver: [...this.passedOver].sort() };
  }

  private confusion(): ConfusionMatrix {
    const labels = confusionMatrix(
      [...this.pairs.keys()].map((key) => {
        const [expected, observed] = key.split('\0') as [string, string];
        return { expected, observed };
      }),
    ).labels;
    const counts: Record<string, Record<string, number>> = {};
    for (const [key, n] of this.pairs) {
      const [expected, observed] = key.split('\0') as [string, string];
      const row = counts[expected] ?? {};
      counts[expected] = row;
      row[observed] = n;
    }
    return { labels, counts };
  }

  /** Names past the cap share one row and column, so the matrix stays small. */
  private name(name: string): string {
    if (this.names.has(name)) return name;
    if (this.names.size >= MAX_NAMES) return OTHER;
    this.names.add(name);
    return name;
  }

  private countEffects(candidate: Timeline): void {
    for (const e of candidate.events) {
      if (e.kind === 'effect') {
        const byOutcome = this.effects.get(e.effect) ?? new Map<string, number>();
        if (this.effects.size < MAX_NAMES || this.effects.has(e.effect))
          this.effects.set(e.effect, byOutcome);
        byOutcome.set(e.outcome, (byOutcome.get(e.outcome) ?? 0) + 1);
      } else if (e.kind === 'request' && e.refused) {
        if (this.refused.size < MAX_NAMES || this.refused.has(e.host))
          this.refused.set(e.host, (this.refused.get(e.host) ?? 0) + 1);
      }
    }
  }

  /** The report's sections this tally holds (everything but the suite, times and readiness). */
  sections(
    pending: number,
  ): Omit<
    ShadowReport,
    | 'schemaVersion'
    | 'kind'
    | 'suite'
    | 'source'
    | 'startedAt'
    | 'updatedAt'
    | 'final'
    | 'readiness'
  > {
    return {
      traffic: { ...this.traffic, pending },
      skipped: this.skipped.value,
      entry: this.entry(),
      agreement: wilson(this.traffic.agreed, this.traffic.compared),
      confusion: this.confusion(),
      timing: timing(this.distances),
      escalations: {
        missed: this.missedEscalations,
        extra: this.extraEscalations,
        missedIn: [...this.missedIn],
      },
      metrics: { live: this.liveMetrics.metrics(), candidate: this.candidateMetrics.metrics() },
      effects: {
        byEffect: Object.fromEntries(
          [...this.effects].map(([name, m]) => [name, Object.fromEntries(m)]),
        ),
        refusedHosts: Object.fromEntries(this.refused),
      },
      disagreements: { count: this.disagreementCount, listed: [...this.listed] },
      problems: [...this.problemList],
    };
  }
}

function timing(distances: ReadonlyMap<number, number>): ShadowReport['timing'] {
  let earlier = 0;
  let later = 0;
  for (const [d, n] of distances) {
    if (d < 0) earlier += n;
    else later += n;
  }
  const sorted = [...distances].sort((a, b) => a[0] - b[0]);
  return {
    earlier,
    later,
    byDistance: Object.fromEntries(sorted.map(([d, n]) => [d > 0 ? `+${d}` : String(d), n])),
  };
}

function disagreement(c: ComparedConversation): Disagreement {
  return {
    conversation: c.conversation,
    traceIds: [...c.traceIds],
    live: c.comparison.live,
    candidate: c.comparison.candidate,
    differences: c.comparison.differences,
    ...(c.draft !== undefined && { draft: c.draft }),
  };
}
