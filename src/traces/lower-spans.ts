import { ATTR, EVENT } from '../conventions/attributes.ts';
import type { TimelineEvent } from '../model/timeline.ts';
import type { CompiledRules, ReturnFound, RuleMatch } from '../normalize/recognize-rules.ts';
import type { Recognizer } from '../normalize/recognizer.ts';
import { SpanIndex } from '../normalize/span-index.ts';
import type { AttrValue, SpanRecord } from '../normalize/span-record.ts';
import { withAttributes } from './with-attributes.ts';

/** How to lower one trace: suite rules first, then the built-in shapes; names as cases write them. */
export interface LowerOptions {
  readonly rules?: CompiledRules;
  readonly recognizers: readonly Recognizer[];
  readonly nameOf: (traceName: string) => string;
}

/** A trace in Baton's shape, with how many spans each rule and built-in shape recognised. */
export interface LoweredTrace {
  readonly spans: SpanRecord[];
  /** By position in `rules.origins`. */
  readonly ruleMatches: readonly number[];
  /** By position in `recognizers`. */
  readonly shapeMatches: readonly number[];
}

type Found = { event: TimelineEvent; match?: RuleMatch; actor?: string | undefined };

/**
 * Rewrites what the suite's rules and the built-in recognizers find in foreign spans
 * (OpenInference, Agents SDK, GenAI, user rules) as Baton's own attributes, with agent names
 * mapped to participant names, so the rest of Baton reads one shape and names map in one place.
 * A call-like handoff also names its receiver as the agent acting inside it, and its return
 * becomes a `return` span at its end. Other spans are kept as they are.
 */
export function lowerTrace(spans: readonly SpanRecord[], o: LowerOptions): LoweredTrace {
  const index = new SpanIndex(spans);
  const ruleMatches = (o.rules?.origins ?? []).map(() => 0);
  const shapeMatches = o.recognizers.map(() => 0);
  const out: SpanRecord[] = [];
  for (const span of spans) {
    const found = firstEvent(span, index, o, ruleMatches, shapeMatches);
    const attrs = found && batonAttributes(found, o.nameOf);
    out.push(attrs ? withAttributes(span, attrs) : span);
    const returned = found?.match?.returned;
    if (returned) out.push(returnSpan(span, returned, o.nameOf));
  }
  return { spans: out, ruleMatches, shapeMatches };
}

/** `lowerTrace`'s spans alone. */
export function lowerSpans(
  spans: readonly SpanRecord[],
  recognizers: readonly Recognizer[],
  nameOf: (traceName: string) => string,
): SpanRecord[] {
  return lowerTrace(spans, { recognizers, nameOf }).spans;
}

function firstEvent(
  span: SpanRecord,
  index: SpanIndex,
  o: LowerOptions,
  ruleMatches: number[],
  shapeMatches: number[],
): Found | undefined {
  const match = o.rules?.match(span, index);
  if (match) {
    ruleMatches[match.rule] = (ruleMatches[match.rule] ?? 0) + 1;
    return { event: match.event, match };
  }
  // Indexed: an entries() iterator makes a pair a recognizer a span.
  for (let i = 0; i < o.recognizers.length; i++) {
    const event = (o.recognizers[i] as Recognizer)(span, index);
    if (event) {
      shapeMatches[i] = (shapeMatches[i] ?? 0) + 1;
      const actor = event.kind === 'tool_call' ? o.rules?.acting(span, index) : undefined;
      return { event, actor };
    }
  }
  return undefined;
}

function batonAttributes(
  { event, match, actor }: Found,
  nameOf: (name: string) => string,
): Record<string, AttrValue> | undefined {
  switch (event.kind) {
    case 'agent_turn':
      return { [ATTR.event]: EVENT.agent, [ATTR.agent]: nameOf(event.agent) };
    case 'tool_call': {
      // A tool call stays in its own shape; only its agent takes the participant name (and,
      // under a call-like delegation, is the receiver working inside it).
      const agent = actor ?? event.agent;
      return agent === undefined ? undefined : { [ATTR.agent]: nameOf(agent) };
    }
    case 'question':
      return {
        [ATTR.event]: EVENT.question,
        [ATTR.questionBy]: nameOf(event.by),
        [ATTR.questionTo]: nameOf(event.to),
        [ATTR.questionFields]: [...event.fields],
      };
    case 'effect': {
      const out: Record<string, AttrValue> = {
        [ATTR.event]: EVENT.effect,
        [ATTR.effectName]: event.effect,
        [ATTR.effectKey]: event.key,
        [ATTR.effectOutcome]: event.outcome,
        [ATTR.effectVia]: event.via,
      };
      if (event.agent !== undefined) out[ATTR.agent] = nameOf(event.agent);
      if (event.owner !== undefined) out[ATTR.effectOwner] = nameOf(event.owner);
      return out;
    }
    case 'handoff': {
      const out: Record<string, AttrValue> = {
        [ATTR.event]: EVENT.handoff,
        [ATTR.handoffFrom]: nameOf(event.from),
        [ATTR.handoffTo]: nameOf(event.to),
      };
      if (event.reason !== undefined) out[ATTR.handoffReason] = event.reason;
      const payload = event.payload;
      if (payload !== undefined) out[ATTR.handoffPayload] = asText(payload);
      if (event.payloadSize !== undefined) out[ATTR.handoffPayloadSize] = event.payloadSize;
      if (event.history !== undefined) out[ATTR.handoffHistory] = asText(event.history);
      if (event.autoReturn) out[ATTR.handoffAutoReturn] = true;
      // The receiver of a delegation that is a call works inside it: its spans are its own.
      if (match?.actor !== undefined) out[ATTR.agent] = nameOf(match.actor);
      return out;
    }
    default:
      return undefined;
  }
}

/** The moment a call-like handoff or question came back, as a Baton return span. */
function returnSpan(
  span: SpanRecord,
  r: ReturnFound,
  nameOf: (name: string) => string,
): SpanRecord {
  const by = nameOf(r.by);
  const to = nameOf(r.to);
  return {
    traceId: span.traceId,
    spanId: `${span.spanId}.return`,
    ...(span.parentId !== undefined && { parentId: span.parentId }),
    name: `return ${by} -> ${to}`,
    start: r.at,
    end: r.at,
    attributes: {
      [ATTR.event]: EVENT.return,
      [ATTR.returnBy]: by,
      [ATTR.returnTo]: to,
      [ATTR.returnOf]: span.spanId,
      ...(r.answer !== undefined && { [ATTR.returnAnswer]: asText(r.answer) }),
    },
  };
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
