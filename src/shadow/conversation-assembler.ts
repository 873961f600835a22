import { ATTR } from '../conventions/attributes.ts';
import type { SpanRecord } from '../normalize/span-record.ts';
import { emptyChain, type HeldChain, HeldSpanArena } from '../traces/held-spans.ts';
// The attributes the traces adapter reads a conversation id from: one rule for both.
import { RecentKeys } from '../traces/recent-keys.ts';
import { TouchOrder } from '../traces/touch-order.ts';
import { CONVERSATION_KEYS } from '../traces/trace-index.ts';
import { uniqueSpans } from '../traces/unique-spans.ts';

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

/** Every field is there from the start (none added or deleted later): one shape for all groups. */
interface Group {
  key: string;
  conversationId: string | undefined;
  readonly traceIds: Set<string>;
  /** Its spans, in the assembler's arena. */
  readonly spans: HeldChain;
  last: number;
  settleAt: number | undefined;
  /** False once finished or merged into another group: its places in the orders go stale. */
  live: boolean;
  /** Stamps of its latest place in the activity and the settling orders (-1: none). */
  touched: number;
  settling: number;
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
  private readonly groups = new Map<string, Group>();
  private readonly byTrace = new Map<string, Group>();
  /** One id string per open trace, shared by its spans (each span's own copy then dies young). */
  private readonly traceIdText = new Map<string, string>();
  // Least recently active first; settling ones in order of settleAt (time only moves on).
  private readonly activity = new TouchOrder<Group>((g) => (g.live ? g.touched : -1));
  private readonly settling = new TouchOrder<Group>((g) => (g.live ? g.settling : -1));
  private readonly finishedKeys = new RecentKeys(REMEMBERED);
  private readonly arena = new HeldSpanArena();
  private ready: FinishedConversation[] = [];
  private held = 0;
  private stamp = 0;

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
      let id = this.traceIdText.get(span.traceId);
      if (id === undefined) {
        id = span.traceId;
        this.traceIdText.set(id, id);
      }
      this.arena.addRecord(group.spans, span, id);
      group.traceIds.add(id);
      group.last = now;
      this.held++;
      group.touched = this.stamp++;
      this.activity.touch(group, group.touched);
      const marker = span.attributes[ATTR.conversationEnd];
      const ends = marker === true || marker === 'true';
      const root = span.parentId === undefined && group.conversationId === undefined;
      // Once settling, every further span (a straggler from another process) pushes the end on.
      if (ends || root || group.settleAt !== undefined) {
        group.settleAt = now + this.o.settleMs;
        group.settling = this.stamp++;
        this.settling.touch(group, group.settling);
      }
      if (group.spans.count >= this.o.maxSpans) this.finish(group, 'span_limit');
    }
    while (this.groups.size > this.o.maxOpen) this.finishOldest('open_limit');
    while (this.held > this.o.maxHeldSpans && this.groups.size > 0) this.finishOldest('held_limit');
    return late;
  }

  /** Conversations finished by now: cut ones, idle ones and settled one-trace ones. */
  takeFinished(now: number): FinishedConversation[] {
    for (let g = this.settling.oldest(); g; g = this.settling.oldest()) {
      if ((g.settleAt ?? Number.POSITIVE_INFINITY) > now) break;
      this.finish(g, 'settled');
    }
    for (let g = this.activity.oldest(); g; g = this.activity.oldest()) {
      if (now - g.last < this.o.idleMs) break;
      this.finish(g, 'idle');
    }
    const out = this.ready;
    this.ready = [];
    return out;
  }

  /** Every conversation still open, taken as finished (the run is stopping). */
  drain(): FinishedConversation[] {
    for (let g = this.activity.oldest(); g; g = this.activity.oldest()) this.finish(g, 'drain');
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
    if (this.finishedKeys.has(traceKey(span.traceId))) return undefined;
    const key = conversation === undefined ? `t:${span.traceId}` : `c:${conversation}`;
    if (conversation !== undefined && this.finishedKeys.has(key)) return undefined;
    group = this.groups.get(key);
    if (!group) {
      group = newGroup(key, conversation);
      this.groups.set(key, group);
    }
    this.byTrace.set(span.traceId, group);
    return group;
  }

  /** A trace held on its own turns out to belong to a conversation: move it there. */
  private join(group: Group, conversation: string): Group | undefined {
    const key = `c:${conversation}`;
    if (this.finishedKeys.has(key)) return undefined;
    const target = this.groups.get(key);
    this.groups.delete(group.key);
    group.settling = -1;
    if (!target) {
      group.key = key;
      group.conversationId = conversation;
      group.settleAt = undefined;
      this.groups.set(key, group);
      return group;
    }
    group.live = false;
    this.arena.append(target.spans, group.spans);
    for (const id of group.traceIds) {
      target.traceIds.add(id);
      this.byTrace.set(id, target);
    }
    return target;
  }

  private finishOldest(reason: FinishReason): void {
    const oldest = this.activity.oldest();
    if (oldest) this.finish(oldest, reason);
  }

  private finish(group: Group, reason: FinishReason): void {
    if (!group.live) return;
    group.live = false;
    this.groups.delete(group.key);
    this.held -= group.spans.count;
    if (group.conversationId !== undefined) this.finishedKeys.add(group.key);
    for (const id of group.traceIds) {
      this.byTrace.delete(id);
      this.traceIdText.delete(id);
      this.finishedKeys.add(traceKey(id));
    }
    const traceIds = [...group.traceIds];
    this.ready.push({
      id: group.conversationId ?? (traceIds[0] as string),
      ...(group.conversationId !== undefined && { conversationId: group.conversationId }),
      traceIds,
      spans: uniqueSpans(this.arena.take(group.spans)),
      reason,
      cut: CUT.has(reason),
    });
  }
}

/**
 * A finished trace's key: a hex trace id as it is (RecentKeys keeps those as numbers), any other
 * id marked so that it can never be taken for a conversation's `c:` key.
 */
function traceKey(traceId: string): string {
  return /^[0-9a-f]{32}$/.test(traceId) ? traceId : `t:${traceId}`;
}

function newGroup(key: string, conversationId: string | undefined): Group {
  return {
    key,
    conversationId,
    traceIds: new Set(),
    spans: emptyChain(),
    last: 0,
    settleAt: undefined,
    live: true,
    touched: -1,
    settling: -1,
  };
}

function conversationOf(span: SpanRecord): string | undefined {
  for (const key of CONVERSATION_KEYS) {
    const v = span.attributes[key];
    if (typeof v === 'string' && v !== '') return v;
  }
  return undefined;
}
