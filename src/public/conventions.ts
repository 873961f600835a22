import type { Attributes, Tracer } from '@opentelemetry/api';
import { withAgentResolver } from '../capture/agent-context.ts';
import { activeFanOut } from '../capture/fan-out-context.ts';
import { ATTR, EVENT } from '../conventions/attributes.ts';
import { emitSpan, tracerOf } from './emit-span.ts';

/**
 * Helpers for implementations to emit Baton's span conventions with the plain OpenTelemetry API.
 * They need nothing from Baton at run time: without Baton the spans go wherever your provider
 * sends them. Each helper starts and ends one span under the active context.
 */
const emit = emitSpan;

export interface HandoffSpec {
  readonly from: string;
  readonly to: string;
  readonly reason?: string;
  /** The envelope handed over; objects are serialised as JSON. */
  readonly payload?: unknown;
  /**
   * The conversation the receiver starts from, when it is handed one besides the payload (the
   * shared message history, after any filter): a list of messages or plain text. A fact said in
   * it counts as carried.
   */
  readonly history?: unknown;
  /** `person` when the receiver is a human. */
  readonly targetKind?: 'agent' | 'person';
  /**
   * Set when your framework, not an agent, hands finished work back to whoever sent it (a
   * supervisor library's automatic return of a worker): the answer coming back, never a bounce.
   */
  readonly autoReturn?: boolean;
  /**
   * An id your code gives every handoff one sender makes side by side (a fan-out started with
   * `Promise.all`): labels may list those in any order. Inside `info.parallel` it is set for you.
   */
  readonly fanOut?: string;
}

/** Baton's attributes of a handoff span (for adapters that time the span themselves). */
export function handoffAttributes(spec: HandoffSpec): Attributes {
  const attributes: Attributes = {
    [ATTR.event]: EVENT.handoff,
    [ATTR.handoffFrom]: spec.from,
    [ATTR.handoffTo]: spec.to,
  };
  if (spec.reason !== undefined) attributes[ATTR.handoffReason] = spec.reason;
  if (spec.targetKind !== undefined) attributes[ATTR.handoffTargetKind] = spec.targetKind;
  if (spec.autoReturn) attributes[ATTR.handoffAutoReturn] = true;
  const fanOut = spec.fanOut ?? activeFanOut();
  if (fanOut !== undefined) attributes[ATTR.handoffFanOut] = fanOut;
  if (spec.payload !== undefined) {
    const text = typeof spec.payload === 'string' ? spec.payload : JSON.stringify(spec.payload);
    attributes[ATTR.handoffPayload] = text;
    attributes[ATTR.handoffPayloadSize] = Buffer.byteLength(text);
  }
  if (spec.history !== undefined) {
    attributes[ATTR.handoffHistory] =
      typeof spec.history === 'string' ? spec.history : JSON.stringify(spec.history);
  }
  return attributes;
}

/** Records that `from` handed the work to `to`. */
export function emitHandoff(spec: HandoffSpec, tracer?: Tracer): void {
  emit(`handoff ${spec.from} -> ${spec.to}`, handoffAttributes(spec), tracer);
}

/** Baton's attributes of an acceptance span. */
export function acceptAttributes(by: string, from?: string): Attributes {
  const attributes: Attributes = {
    [ATTR.event]: EVENT.ack,
    [ATTR.ackBy]: by,
    [ATTR.ackAccepted]: true,
  };
  if (from !== undefined) attributes[ATTR.ackFrom] = from;
  return attributes;
}

/** Records that `by` accepted work handed over by `from`. */
export function emitAccept(by: string, from?: string, tracer?: Tracer): void {
  emit(`accept ${by}`, acceptAttributes(by, from), tracer);
}

export interface RejectionSpec {
  readonly by: string;
  readonly from?: string;
  readonly reason: string;
  /** The fields that were missing or wrong. */
  readonly missing?: readonly string[];
}

/** Records that `by` refused work handed over, with a structured reason. */
export function emitReject(spec: RejectionSpec, tracer?: Tracer): void {
  const attributes: Attributes = {
    [ATTR.event]: EVENT.ack,
    [ATTR.ackBy]: spec.by,
    [ATTR.ackAccepted]: false,
    [ATTR.ackReason]: spec.reason,
    [ATTR.ackMissing]: [...(spec.missing ?? [])],
  };
  if (spec.from !== undefined) attributes[ATTR.ackFrom] = spec.from;
  emit(`reject ${spec.by}`, attributes, tracer);
}

/** A question to the customer or a person: the facts asked for and, when known, its words. */
export interface QuestionSpec {
  readonly by: string;
  /** `customer` (the default) or a person's name. */
  readonly to?: string;
  /** The facts asked for, e.g. ['order_id']. */
  readonly fields?: readonly string[];
  /** What was said, e.g. the agent's reply; re-asks are also found in it by phrasing. */
  readonly text?: string;
}

/**
 * Records that `by` asked `to` (`customer` or a person) for facts:
 * `emitQuestion({ by, to, fields, text })`, or `emitQuestion(by, to, ['order_id'])`.
 */
export function emitQuestion(spec: QuestionSpec, tracer?: Tracer): void;
export function emitQuestion(
  by: string,
  to: string,
  fields: readonly string[],
  tracer?: Tracer,
): void;
export function emitQuestion(
  specOrBy: QuestionSpec | string,
  toOrTracer?: string | Tracer,
  fields?: readonly string[],
  tracer?: Tracer,
): void {
  const spec: QuestionSpec =
    typeof specOrBy === 'string'
      ? { by: specOrBy, to: toOrTracer as string, fields: fields ?? [] }
      : specOrBy;
  const to = spec.to ?? 'customer';
  const attributes: Attributes = {
    [ATTR.event]: EVENT.question,
    [ATTR.questionBy]: spec.by,
    [ATTR.questionTo]: to,
    [ATTR.questionFields]: [...(spec.fields ?? [])],
  };
  if (spec.text !== undefined) attributes[ATTR.questionText] = spec.text;
  const given = typeof specOrBy === 'string' ? tracer : (toOrTracer as Tracer | undefined);
  emit(`question ${spec.by} -> ${to}`, attributes, given);
}

/** Records a person's decision on work handed to them. */
export function emitDecision(person: string, decision: string, tracer?: Tracer): void {
  emit(
    `decision ${person}: ${decision}`,
    { [ATTR.event]: EVENT.decision, [ATTR.person]: person, [ATTR.decision]: decision },
    tracer,
  );
}

/**
 * Runs `fn` inside a span that says `agent` is working; spans started inside are its children, and
 * HTTP effects made inside are `agent`'s, also inside a framework run that names another agent.
 */
export function withAgentTurn<T>(agent: string, fn: () => T, tracer?: Tracer): T {
  return tracerOf(tracer).startActiveSpan(
    `agent ${agent}`,
    { attributes: { [ATTR.event]: EVENT.agent, [ATTR.agent]: agent } },
    (span) => {
      try {
        const out = withAgentResolver(() => agent, fn);
        if (out instanceof Promise) {
          return out.finally(() => span.end()) as T;
        }
        span.end();
        return out;
      } catch (error) {
        span.end();
        throw error;
      }
    },
  );
}

// The side-effect and lease helpers are span helpers too: a service that imports only this entry
// reports its effects with them.
export { type ClaimSpec, claimWork, type EffectSpec, emitEffect, releaseWork } from './effects.ts';
export { emitToolCall, type ToolCallSpec, withToolCall } from './tool-calls.ts';
