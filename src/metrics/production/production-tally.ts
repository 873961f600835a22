import type {
  ConversationsBehind,
  HopStats,
  ProductionMetrics,
  QueueWait,
} from '../../model/production-metrics.ts';
import { wilson } from '../wilson.ts';
import type { ConversationFacts } from './conversation-facts.ts';
import { WaitHistogram } from './wait-histogram.ts';

/** Receivers tracked one by one; past this, waits go to `(other)` so memory stays bounded. */
export const MAX_QUEUES = 100;
export const OTHER_QUEUE = '(other)';
/** Conversations named behind each count; the counts go on past it. */
export const MAX_SEEN_IN = 20;

/**
 * Adds up conversation facts into the production metrics, in memory that does not grow with the
 * number of conversations: counters, a hop histogram and one wait histogram per receiver.
 */
export class ProductionTally {
  private conversations = 0;
  private pingPong = 0;
  private handoffs = 0;
  private reasked = 0;
  private reaskable = 0;
  private escalations = 0;
  private decided = 0;
  private overridden = 0;
  private readonly hops = new Map<number, number>();
  private readonly queues = new Map<string, WaitHistogram>();
  private readonly personQueues = new Set<string>();
  private readonly seen: Record<keyof ConversationsBehind, string[]> = {
    pingPong: [],
    reask: [],
    override: [],
    undecided: [],
  };

  /** Adds one conversation; `persons` says which receivers are people, `id` names it. */
  add(facts: ConversationFacts, persons: ReadonlySet<string>, id?: string): void {
    this.conversations++;
    if (facts.bounced > 0) this.pingPong++;
    this.handoffs += facts.handoffs;
    this.reasked += facts.reasked;
    this.reaskable += facts.reaskable;
    if (id !== undefined) this.note(facts, id);
    this.escalations += facts.escalations;
    this.decided += facts.decided;
    this.overridden += facts.overridden;
    this.hops.set(facts.handoffs, (this.hops.get(facts.handoffs) ?? 0) + 1);
    for (const w of facts.waits) {
      const queue = this.queueFor(w.queue);
      queue.record(w.ms);
      if (persons.has(w.queue)) this.personQueues.add(w.queue);
    }
  }

  private note(facts: ConversationFacts, id: string): void {
    const counts: Record<keyof ConversationsBehind, number> = {
      pingPong: facts.bounced,
      reask: facts.reasked,
      override: facts.overridden,
      undecided: facts.escalations - facts.decided,
    };
    for (const [key, n] of Object.entries(counts) as [keyof ConversationsBehind, number][]) {
      const list = this.seen[key];
      if (n > 0 && list.length < MAX_SEEN_IN) list.push(id);
    }
  }

  private queueFor(name: string): WaitHistogram {
    const key = this.queues.has(name) || this.queues.size < MAX_QUEUES ? name : OTHER_QUEUE;
    let queue = this.queues.get(key);
    if (!queue) {
      queue = new WaitHistogram();
      this.queues.set(key, queue);
    }
    return queue;
  }

  metrics(): ProductionMetrics {
    const waits: Record<string, QueueWait> = {};
    for (const name of [...this.queues.keys()].sort()) {
      const q = this.queues.get(name) as WaitHistogram;
      waits[name] = {
        count: q.count,
        unanswered: q.unanswered,
        p50Ms: q.percentileMs(50),
        p95Ms: q.percentileMs(95),
        maxMs: q.maxMs,
        person: this.personQueues.has(name),
      };
    }
    return {
      conversations: this.conversations,
      handoffs: this.handoffs,
      pingPong: wilson(this.pingPong, this.conversations),
      reask: wilson(this.reasked, this.handoffs),
      reaskable: this.reaskable,
      override: wilson(this.overridden, this.decided),
      undecidedEscalations: this.escalations - this.decided,
      waits,
      hops: hopStats(this.hops, this.conversations),
      seenIn: {
        pingPong: [...this.seen.pingPong],
        reask: [...this.seen.reask],
        override: [...this.seen.override],
        undecided: [...this.seen.undecided],
      },
    };
  }
}

function hopStats(histogram: ReadonlyMap<number, number>, total: number): HopStats {
  const sorted = [...histogram.entries()].sort((a, b) => a[0] - b[0]);
  let sum = 0;
  for (const [hops, n] of sorted) sum += hops * n;
  const at = (p: number): number => {
    // The smallest hop count with at least p of the conversations at or below it.
    const rank = Math.max(1, Math.ceil(p * total));
    let seen = 0;
    for (const [hops, n] of sorted) {
      seen += n;
      if (seen >= rank) return hops;
    }
    return 0;
  };
  return {
    mean: total === 0 ? 0 : sum / total,
    p50: at(0.5),
    p95: at(0.95),
    max: sorted.at(-1)?.[0] ?? 0,
    histogram: Object.fromEntries(sorted.map(([h, n]) => [String(h), n])),
  };
}
