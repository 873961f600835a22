/**
 * The timeline: one case's spans, normalised into a small discriminated union of events.
 * Nothing past the normalisers knows which SDK or span shape an event came from.
 * `step` is the index of the case step being handled when the event happened (-1: before any).
 * Times are milliseconds since the epoch, with sub-millisecond precision where the source had it.
 */
interface EventBase {
  readonly step: number;
  readonly at: number;
  readonly spanId: string;
}

export interface StepEvent extends EventBase {
  readonly kind: 'step';
  readonly stepKind: string;
  readonly end: number;
}

export interface AgentTurnEvent extends EventBase {
  readonly kind: 'agent_turn';
  readonly agent: string;
  readonly end: number;
}

export interface HandoffEvent extends EventBase {
  readonly kind: 'handoff';
  readonly from: string;
  readonly to: string;
  readonly reason?: string;
  /** The envelope as sent: parsed JSON when it was JSON, the raw string otherwise. */
  readonly payload?: unknown;
  readonly payloadSize?: number;
}

export interface AckEvent extends EventBase {
  readonly kind: 'ack';
  readonly by: string;
  readonly from?: string;
}

export interface RejectEvent extends EventBase {
  readonly kind: 'reject';
  readonly by: string;
  readonly from?: string;
  readonly reason: string;
  readonly missing: readonly string[];
}

export interface QuestionEvent extends EventBase {
  readonly kind: 'question';
  readonly by: string;
  /** Who is asked: `customer` or a person's name. */
  readonly to: string;
  /** The facts asked for, e.g. `order_id`; a re-ask when the asker had been handed them. */
  readonly fields: readonly string[];
}

export interface DecisionEvent extends EventBase {
  readonly kind: 'decision';
  readonly person: string;
  readonly decision: string;
}

export type TimelineEvent =
  | StepEvent
  | AgentTurnEvent
  | HandoffEvent
  | AckEvent
  | RejectEvent
  | QuestionEvent
  | DecisionEvent;

export type TimelineEventKind = TimelineEvent['kind'];

/** Events of one case in time order (ties keep source order). */
export interface Timeline {
  readonly events: readonly TimelineEvent[];
}

/** The handoffs of a timeline, in order. */
export function handoffsOf(timeline: Timeline): HandoffEvent[] {
  const out: HandoffEvent[] = [];
  for (const e of timeline.events) if (e.kind === 'handoff') out.push(e);
  return out;
}
