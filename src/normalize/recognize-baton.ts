import { ATTR, EVENT } from '../conventions/attributes.ts';
import { builtInHandoffReceiver } from '../conventions/handoff-tools.ts';
import { MODEL_TRAFFIC_ATTR } from '../conventions/model-traffic.ts';
import { lastMemo } from '../last-memo.ts';
import type { TimelineEvent } from '../model/timeline.ts';
import { bool, num, parseJson, str, strList } from './attrs.ts';
import { isInferredVia, markInferred } from './inferred-handoffs.ts';
import { handoffFrom } from './lazy-handoff.ts';
import { nearestAgent } from './recognize-openinference.ts';
import { eventBase, type Recognizer } from './recognizer.ts';
import { SpanIndex } from './span-index.ts';

/** Baton's own conventions (docs/conventions.md): the `baton.event` attribute says what it is. */
export const recognizeBaton: Recognizer = (span, index): TimelineEvent | undefined => {
  const a = span.attributes;
  switch (str(a, ATTR.event)) {
    case EVENT.step: {
      const step = SpanIndex.stepIndexOf(span);
      if (step === undefined) return undefined;
      const stepKind = str(a, ATTR.stepKind) ?? 'unknown';
      const who = str(a, ATTR.person);
      const decision = str(a, ATTR.decision);
      return {
        kind: 'step',
        step,
        at: span.start,
        spanId: span.spanId,
        end: span.end,
        stepKind,
        ...(who !== undefined && { who }),
        ...(decision !== undefined && { decision }),
      };
    }
    case EVENT.agent: {
      const agent = str(a, ATTR.agent);
      return agent === undefined
        ? undefined
        : { kind: 'agent_turn', ...eventBase(span, index), agent, end: span.end };
    }
    case EVENT.handoff: {
      const from = str(a, ATTR.handoffFrom);
      const to = str(a, ATTR.handoffTo);
      if (from === undefined || to === undefined) return undefined;
      const event = handoffFrom(span, index, {
        from,
        to,
        reason: str(a, ATTR.handoffReason),
        raw: a[ATTR.handoffPayload],
        history: a[ATTR.handoffHistory],
        declaredSize: num(a, ATTR.handoffPayloadSize),
        autoReturn: bool(a, ATTR.handoffAutoReturn),
        fanOut: str(a, ATTR.handoffFanOut),
      });
      return isInferredVia(str(a, MODEL_TRAFFIC_ATTR.via)) ? markInferred(event) : event;
    }
    case EVENT.ack:
      return recognizeAck(span, index);
    case EVENT.question: {
      const by = str(a, ATTR.questionBy);
      const to = str(a, ATTR.questionTo) ?? 'customer';
      const text = str(a, ATTR.questionText);
      return by === undefined
        ? undefined
        : {
            kind: 'question',
            ...eventBase(span, index),
            by,
            to,
            fields: strList(a, ATTR.questionFields),
            ...(text !== undefined && text !== '' && { text }),
          };
    }
    case EVENT.return:
      return recognizeReturn(span, index);
    case EVENT.toolCall:
      return recognizeToolCall(span, index);
    case EVENT.halt:
      return recognizeHalt(span, index);
    case EVENT.decision: {
      const person = str(a, ATTR.person);
      const decision = str(a, ATTR.decision);
      return person === undefined || decision === undefined
        ? undefined
        : { kind: 'decision', ...eventBase(span, index), person, decision };
    }
    default:
      return undefined;
  }
};

const recognizeReturn: Recognizer = (span, index) => {
  const a = span.attributes;
  const by = str(a, ATTR.returnBy);
  const to = str(a, ATTR.returnTo);
  if (by === undefined || to === undefined) return undefined;
  const of = str(a, ATTR.returnOf);
  const answer = a[ATTR.returnAnswer];
  return {
    kind: 'return',
    ...eventBase(span, index),
    by,
    to,
    ...(of !== undefined && { of }),
    ...(answer !== undefined && {
      answer: typeof answer === 'string' ? parseJson(answer) : answer,
    }),
  };
};

const recognizeAck: Recognizer = (span, index) => {
  const a = span.attributes;
  const by = str(a, ATTR.ackBy);
  if (by === undefined) return undefined;
  const from = str(a, ATTR.ackFrom);
  const base = { ...eventBase(span, index), by, ...(from !== undefined && { from }) };
  if (bool(a, ATTR.ackAccepted) !== false) return { kind: 'ack', ...base };
  return {
    kind: 'reject',
    ...base,
    reason: str(a, ATTR.ackReason) ?? '',
    missing: strList(a, ATTR.ackMissing),
  };
};

/** Baton's halt span: the framework stopped the run (turn limit, guardrail tripwire). */
const recognizeHalt: Recognizer = (span, index) => {
  const a = span.attributes;
  const cause = str(a, ATTR.haltCause);
  if (cause !== 'turn_limit' && cause !== 'guardrail') return undefined;
  const limit = num(a, ATTR.haltLimit);
  const guardrail = str(a, ATTR.haltGuardrail);
  const agent = str(a, ATTR.agent);
  const detail = str(a, ATTR.haltDetail);
  return {
    kind: 'halt',
    ...eventBase(span, index),
    cause,
    ...(limit !== undefined && { limit }),
    ...(guardrail !== undefined && { guardrail }),
    ...(agent !== undefined && { agent }),
    ...(detail !== undefined && { detail }),
  };
};

/** Baton's tool-call span: the agent is the span's own, else the nearest agent span's. */
/**
 * A tool call, unless the tool is a built-in handoff tool (`transfer_to_<agent>`,
 * `handoff_to_<agent>`; a shim that wraps every tool in `withToolCall` wraps those too): then it
 * is the handoff, never also a tool call to judge. Its handoff is the `emitHandoff` span inside
 * it when there is one, else the call itself, to the agent its name gives.
 */
const recognizeToolCall: Recognizer = (span, index) => {
  const a = span.attributes;
  const tool = str(a, ATTR.toolName);
  if (tool === undefined || tool === '') return undefined;
  const agent = nearestAgent(span, index);
  const rawArgs = a[ATTR.toolArgs];
  const to = builtInHandoffReceiver(tool);
  if (to !== undefined) {
    if (agent === undefined || handoffHolders(index).has(span.spanId)) return undefined;
    return handoffFrom(span, index, { from: agent, to, raw: rawArgs });
  }
  const outcome = str(a, ATTR.toolOutcome);
  return {
    kind: 'tool_call',
    ...eventBase(span, index),
    tool,
    ...(agent !== undefined && { agent }),
    ...(typeof rawArgs === 'string' && rawArgs !== '' && { args: parseJson(rawArgs) }),
    ...((outcome === 'ok' || outcome === 'error') && { outcome }),
  };
};

/** Spans above one of Baton's own handoff spans: a tool that handed off inside. */
const handoffHolders = lastMemo(
  (index: SpanIndex): ReadonlySet<string> =>
    index.ancestorsOf((s) => str(s.attributes, ATTR.event) === EVENT.handoff),
);
