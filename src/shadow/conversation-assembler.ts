import { ATTR } from '../conventions/attributes.ts';
import type { SpanRecord } from '../normalize/span-record.ts';
// The attributes the traces adapter reads a conversation id from: one rule for both.
import { RecentKeys } from '../traces/recent-keys.ts';
import { CONVERSATION_KEYS } from '../traces/trace-index.ts';

export interface AssemblerOptions {
  /** Finished when no span arrived for this long. */
  readonly idleMs: number;
  /** A one-trace conversation is finished this long after its root arrived (or an end marker). */
  readonly settleMs: number;
  readonly maxOpen: number;
  /** Spans of one conversation; past this it is cut. */
  readonly maxSpans: number;
  readonly maxHeldSpans: number;
}

/** Why a conversation was taken as finished; the last three cut it short (it is not compared). */
export type FinishReason =
  | 'idle'
  | 'settled'
  | 'drain'
  | 'open_limit'
  | 'held_limit'
  | 'span_limit';

/** A finished conversation: its spans, from one trace or every trace of one conversation id. */
export interface FinishedConversation {
  /** The conversation id, or the trace id of a one-trace conversation. */
  readonly id: string;
  readonly conversationId?: string;
  readonly traceIds: readonly string[];
  readonly spans: readonly SpanRecord[];
  readonly reason: FinishReason;
  readonly cut: boolean;
}

interface Group {
  key: string;
  conversationId?: string;
  readonly traceIds: Set<string>;
  spans: SpanRecord[];
  last: number;
  settleAt?: number;
}

/** Finished keys remembered so late spans are recognised (and dropped), not taken as new work. */
const REMEMBERED = 100_000;
const CUT: ReadonlySet<FinishReason> = new Set(['open_limit', 'held_limit', 'span_limit']);

/**
 * Groups live spans into conversations and says when each is finished (docs/shadow.md, "When a
 * conversation is finished"). Time is given by the caller, so a test drives it with a fake clock.
 * Memory is bounded: at most `maxOpen` conversations and `maxHeldSpans` spans are held; past
 * either, the least recently active conversation is cut.
 */
export class ConversationAssembler {
  private readonly groups = new Map<string, Group>(); // least recently active first
  private readonly byTrace = new Map<string, Group>();
  private readonly settling = new Set<Group>();
  private readonly finishedKeys = new RecentKeys(REMEMBERED);
  private ready: FinishedConversation[] = [];
  private held = 0;

  constructor(private readonly o: AssemblerOptions) {}

  get open(): number {
    return this.groups.size;
  }

  get heldSpans(): number {
    return this.held;
  }

  /** Files spans under their conversations; returns how many came late (already finished). */
  add(spans: readonly SpanRecord[], now: number): number {
    let late = 0;
    for (const span of spans) {
      const group = this.groupFor(span);
      if (!group) {
        late++;
        continue;
      }
      group.spans.push(span);
      group.traceIds.add(span.traceId);
      group.last = now;
      this.held++;
      this.groups.delete(group.key);
      this.groups.set(group.key, group);
      const marker = span.attributes[ATTR.conversationEnd];
      const ends = marker === true || marker === 'true';
      const root = span.parentId === undefined && group.conversationId === undefined;
      // Once settling, every further span (a straggler from another process) pushes the end on.
      if (ends || root || group.settleAt !== undefined) {
        group.settleAt = now + this.o.settleMs;
        // Re-added at the end: `settling` stays in order of settleAt, so takeFinished stops early.
        this.settling.delete(group);
        this.settling.add(group);
      }
      if (group.spans.length >= this.o.maxSpans) this.finish(group, 'span_limit');
    }
    while (this.groups.size > this.o.maxOpen) this.finishOldest('open_limit');
    while (this.held > this.o.maxHeldSpans && this.groups.size > 0) this.finishOldest('held_limit');
    return late;
  }

  /** Conversations finished by now: cut ones, idle ones and settled one-trace ones. */
  takeFinished(now: number): FinishedConversation[] {
    for (const group of this.settling) {
      if ((group.settleAt ?? Number.POSITIVE_INFINITY) > now) break;
      this.finish(group, 'settled');
    }
    for (const group of this.groups.values()) {
      if (now - group.last < this.o.idleMs) break;
      this.finish(group, 'idle');
    }
    const out = this.ready;
    this.ready = [];
    return out;
  }

  /** Every conversation still open, taken as finished (the run is stopping). */
  drain(): FinishedConversation[] {
    for (const group of [...this.groups.values()]) this.finish(group, 'drain');
    const out = this.ready;
    this.ready = [];
    return out;
  }

  private groupFor(span: SpanRecord): Group | undefined {
    const conversation = conversationOf(span);
    let group = this.byTrace.get(span.traceId);
    if (group && conversation !== undefined && group.conversationId === undefined)
      return this.join(group, conversation);
    if (group) return group;
    if (this.finishedKeys.has(`t:${span.traceId}`)) return undefined;
    const key = conversation === undefined ? `t:${span.traceId}` : `c:${conversation}`;
    if (this.finishedKeys.has(key)) return undefined;
    group = this.groups.get(key) ?? newGroup(key, conversation);
    this.byTrace.set(span.traceId, group);
    return group;
  }

  /** A trace held on its own turns out to belong to a conversation: move it there. */
  private join(group: Group, conversation: string): Group | undefined {
    const key = `c:${conversation}`;
    if (this.finishedKeys.has(key)) return undefined;
    const target = this.groups.get(key);
    this.groups.delete(group.key);
    this.settling.delete(group);
    if (!target) {
      group.key = key;
      group.conversationId = conversation;
      delete group.settleAt;
      return group;
    }
    target.spans.push(...group.spans);
    for (const id of group.traceIds) {
      target.traceIds.add(id);
      this.byTrace.set(id, target);
    }
    return target;
  }

  private finishOldest(reason: FinishReason): void {
    const oldest = this.groups.values().next().value;
    if (oldest) this.finish(oldest, reason);
  }

  private finish(group: Group, reason: FinishReason): void {
    if (!this.groups.has(group.key)) return;
    this.groups.delete(group.key);
    this.settling.delete(group);
    this.held -= group.spans.length;
    this.remember(group.key);
    for (const id of group.traceIds) {
      this.byTrace.delete(id);
      this.remember(`t:${id}`);
    }
    const traceIds = [...group.traceIds];
    this.ready.push({
      id: group.conversationId ?? (traceIds[0] as string),
      ...(group.conversationId !== undefined && { conversationId: group.conversationId }),
      traceIds,
      spans: group.spans,
      reason,
      cut: CUT.has(reason),
    });
  }

  private remember(key: string): void {
    this.finishedKeys.add(key);
  }
}

function newGroup(key: string, conversationId: string | undefined): Group {
  return {
    key,
    ...(conversationId !== undefined && { conversationId }),
    traceIds: new Set(),
    spans: [],
    last: 0,
  };
}

function conversationOf(span: SpanRecord): string | undefined {
  for (const key of CONVERSATION_KEYS) {
    const v = span.attributes[key];
    if (typeof v === 'string' && v !== '') return v;
  }
  return undefined;
}
