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
  /**
   * Made inside one of several tool calls that ran at once (the calls of one model response):
   * it has no order against an event inside another call of the same batch.
   */
  readonly sideBySide?: SideBySide;
}

/** Which batch of overlapping tool calls an event was made in, and in which call (its span id). */
export interface SideBySide {
  readonly batch: string;
  readonly lane: string;
}

export interface StepEvent extends EventBase {
  readonly kind: 'step';
  readonly stepKind: string;
  readonly end: number;
  /** A person step's person (`baton.person.name` on the step span). */
  readonly who?: string;
  /** A person step's decision (`baton.person.decision` on the step span). */
  readonly decision?: string;
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
  readonly reason?: string | undefined;
  /** The envelope as sent: parsed JSON when it was JSON, the raw string otherwise. */
  readonly payload?: unknown;
  readonly payloadSize?: number;
  /**
   * The conversation the receiver was handed along with the payload (`baton.handoff.history`):
   * the messages it starts from, after any filter the sender's framework applied. A fact said in
   * it reached the receiver; parsed JSON when it was JSON, the raw text otherwise.
   */
  readonly history?: unknown;
  /**
   * When the handoff's own span ended, if it lasted (an escalation tool that opens a ticket):
   * what the sender does inside it is part of handing off.
   */
  readonly end?: number;
  /**
   * The framework, not an agent, handed the work back to whoever sent it once the receiver was
   * done (LangGraph `createSupervisor`'s return of each worker): the answer coming back.
   */
  readonly autoReturn?: boolean;
  /**
   * The fan-out it was made in (`baton.handoff.fan_out`): handoffs of one sender sharing it were
   * made side by side, so none of them came first.
   */
  readonly fanOut?: string;
  /** Its span marked the receiver a person (`baton.handoff.target_kind` `person`). */
  readonly toPerson?: boolean;
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
  /** Who is asked: `customer`, a person's name, or a coworker agent's. */
  readonly to: string;
  /** The facts asked for, e.g. `order_id`; a re-ask when the asker had been handed them. */
  readonly fields: readonly string[];
  /** What was said, when known (an agent's reply that asks something); matched to facts by phrasing. */
  readonly text?: string;
}

/**
 * A delegation or question that was a call came back: `by` (who was handed the work or asked)
 * returned to `to` (who handed it or asked), with its answer. A re-delegation of the same work to
 * the same receiver after a return is ping-pong.
 */
export interface ReturnEvent extends EventBase {
  readonly kind: 'return';
  readonly by: string;
  readonly to: string;
  /** The span id of the handoff or question this returns from, when known. */
  readonly of?: string;
  /** What came back: parsed JSON when it was JSON, the raw text otherwise. */
  readonly answer?: unknown;
}

export interface DecisionEvent extends EventBase {
  readonly kind: 'decision';
  readonly person: string;
  readonly decision: string;
}

/**
 * A side effect: something not naturally idempotent (a refund, an email, a record written).
 * Its identity is (effect, key). `agent` is who performed it, when known.
 */
export interface EffectEvent extends EventBase {
  readonly kind: 'effect';
  readonly effect: string;
  readonly key: string;
  readonly agent?: string;
  /** The owner the effect's source declared (an endpoint's owner); labels take precedence. */
  readonly owner?: string;
  /** committed: it happened; failed: the call failed and nothing happened; blocked: shadow mode. */
  readonly outcome: 'committed' | 'failed' | 'blocked';
  /**
   * Where Baton saw it: an HTTP request intercepted by msw, a span the implementation emitted, or
   * a tool call that a suite's `effects.tools` rule makes an effect.
   */
  readonly via: 'http' | 'span' | 'tool';
  /**
   * Counted as committed though nothing recorded its outcome: a tool call whose result Baton
   * could not read (a model's call seen in OpenAI traffic), where a call whose tool threw looks
   * the same.
   */
  readonly unsure?: true;
}

/** An outbound HTTP request seen during the case (effects or not); refused ones never left. */
export interface RequestEvent extends EventBase {
  readonly kind: 'request';
  readonly method: string;
  readonly url: string;
  readonly host: string;
  readonly agent?: string;
  readonly status?: number;
  /** Refused because the suite does not allow its host. */
  readonly refused: boolean;
}

/** A claim of a piece of work (a lease); `granted: false` is a claim that was refused. */
export interface ClaimEvent extends EventBase {
  readonly kind: 'claim';
  readonly work: string;
  readonly agent: string;
  readonly granted: boolean;
  /** When the lease runs out (ms since the epoch); absent: until released. */
  readonly expiresAt?: number;
}

export interface ReleaseEvent extends EventBase {
  readonly kind: 'release';
  readonly work: string;
  readonly agent: string;
}

/**
 * A tool the agent called (a function tool, an MCP tool, an API wrapper). Tool-trajectory labels
 * judge these; an `effects.tools` rule can also make a call an effect.
 */
export interface ToolCallEvent extends EventBase {
  readonly kind: 'tool_call';
  readonly tool: string;
  /** The agent that called it, when known. */
  readonly agent?: string;
  /** The call's arguments: parsed JSON when they were JSON, the raw string otherwise. */
  readonly args?: unknown;
  /** ok: the tool answered; error: it failed; absent: unknown. */
  readonly outcome?: 'ok' | 'error';
}

/** Why an implementation's framework stopped a run: its turn limit, or a guardrail's tripwire. */
export type HaltCause = 'turn_limit' | 'guardrail';

/**
 * The implementation's framework stopped the run before it finished (the Agents SDK's maxTurns,
 * LangGraph's recursion limit, a guardrail tripwire): what happened before is judged, and the
 * case ends at this step.
 */
export interface HaltEvent extends EventBase {
  readonly kind: 'halt';
  readonly cause: HaltCause;
  /** The limit that was hit (turns, graph steps), when the framework said. */
  readonly limit?: number;
  /** The guardrail that tripped, when known. */
  readonly guardrail?: string;
  /** The agent whose turn was next or running, when known. */
  readonly agent?: string;
  /** The framework's own words, e.g. `Max turns (12) exceeded`. */
  readonly detail?: string;
}

export type TimelineEvent =
  | StepEvent
  | AgentTurnEvent
  | HandoffEvent
  | AckEvent
  | RejectEvent
  | QuestionEvent
  | ReturnEvent
  | DecisionEvent
  | EffectEvent
  | RequestEvent
  | ClaimEvent
  | ReleaseEvent
  | ToolCallEvent
  | HaltEvent;

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
