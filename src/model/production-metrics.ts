import type { Rate } from './report.ts';

/** Waiting time at one receiver: from a handoff to the receiver's first action after it. */
export interface QueueWait {
  /** Handoffs to this receiver that it acted on (the waits measured). */
  readonly count: number;
  /** Handoffs to this receiver with no action by it before the conversation ended. */
  readonly unanswered: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly maxMs: number;
  /** True when the receiver is a person or a people's queue. */
  readonly person: boolean;
}

/** Handoffs per conversation. */
export interface HopStats {
  readonly mean: number;
  readonly p50: number;
  readonly p95: number;
  readonly max: number;
  /** Conversations by hop count (`"0"`, `"1"`, …). */
  readonly histogram: Readonly<Record<string, number>>;
}

/**
 * The numbers that show handoff trouble in production (ping-pong, re-asks, waits per queue,
 * person overrides, hops), computed over traces without any labels.
 */
export interface ProductionMetrics {
  readonly conversations: number;
  readonly handoffs: number;
  /** Conversations in which work bounced (A → B → A, or sent to B again after it came back). */
  readonly pingPong: Rate;
  /** Handoffs whose receiver then asked for a fact the conversation had already given it. */
  readonly reask: Rate;
  /**
   * Handoffs made when the conversation held a fact to ask again (a payload value, a field a
   * question named): 0 means the re-ask rate measured nothing, not that nobody re-asked.
   */
  readonly reaskable: number;
  /** Escalations to a person that the person decided, and how many of those reversed the agent. */
  readonly override: Rate;
  /** Escalations to a person with no decision by that person in the conversation. */
  readonly undecidedEscalations: number;
  /** Per receiver, sorted by name; receivers past the cap are counted under `(other)`. */
  readonly waits: Readonly<Record<string, QueueWait>>;
  readonly hops: HopStats;
  /** The first conversations (by id, up to 20 each) behind each count that is not 0. */
  readonly seenIn: ConversationsBehind;
}

/** Which conversations a count came from, so a person can look at them. */
export interface ConversationsBehind {
  readonly pingPong: readonly string[];
  readonly reask: readonly string[];
  readonly override: readonly string[];
  readonly undecided: readonly string[];
}
