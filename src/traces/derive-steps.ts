import { ATTR, EVENT } from '../conventions/attributes.ts';
import type { TRACE_STEP_RULES, TraceStepsConfig } from '../model/adapter-config.ts';
import { str } from '../normalize/attrs.ts';
import { SpanIndex } from '../normalize/span-index.ts';
import type { SpanRecord } from '../normalize/span-record.ts';
import { attributeSteps } from './attribute-steps.ts';
import { quote, type SpanOrder, type Start, startOrder } from './step-starts.ts';
import { turnTraces } from './turn-traces.ts';
import { userMessages } from './user-messages.ts';

/** A named step rule; a suite may also read the step from an attribute (TraceStepsConfig). */
export type StepRule = (typeof TRACE_STEP_RULES)[number];

/** One step Baton derived from a trace: where it starts and a one-line description. */
export interface DerivedStep {
  readonly index: number;
  readonly at: number;
  /** The span that starts the step (a Baton step span when the trace recorded its own steps). */
  readonly spanId: string;
  readonly describe: string;
}

export interface DerivedSteps {
  /** The trace's spans with Baton step spans added: the rest of Baton runs on them unchanged. */
  readonly spans: SpanRecord[];
  readonly steps: readonly DerivedStep[];
  /** True when the trace carried Baton's own step spans, which are then kept as they are. */
  readonly recorded: boolean;
  /** Spans the rule matched as (part of) a step; 0 when it found none and the trace is one step. */
  readonly matched: number;
}

const STEP_KIND: Record<StepRule, string> = {
  customer_turns: 'customer',
  agent_turns: 'agent',
  root_children: 'trace',
};

/**
 * Cuts a recorded trace (or the traces of one conversation) into steps and adds Baton's step
 * spans, so the spans look as if Baton had replayed the case: each starting span gets a step
 * span inserted as its parent (`baton.step.index` k), so its whole subtree is at step k; other
 * spans are placed by time, at the last step started before them. Step 0 starts with the
 * earliest span. A trace that already holds Baton step spans keeps them. When the rule finds no
 * starting span, the whole trace is one step.
 */
export function deriveSteps(spans: readonly SpanRecord[], rule: TraceStepsConfig): DerivedSteps {
  const recorded = recordedSteps(spans);
  if (recorded.length > 0) {
    return { spans: [...spans], steps: recorded, recorded: true, matched: recorded.length };
  }
  if (spans.length === 0) return { spans: [], steps: [], recorded: false, matched: 0 };
  const order = startOrder(spans);
  const found =
    typeof rule === 'string'
      ? dedupe(startsOf(spans, rule, order)).sort((a, b) => order(a.span, b.span))
      : attributeSteps(spans, rule);
  const matched = found.reduce((n, s) => n + s.members.length, 0);
  const starts = matched > 0 ? found : [rootStart(rootsOf(spans, order)[0] as SpanRecord)];
  const kind = typeof rule === 'string' ? STEP_KIND[rule] : 'trace';
  return { ...insertSteps(spans, starts, kind), matched };
}

function recordedSteps(spans: readonly SpanRecord[]): DerivedStep[] {
  const steps: DerivedStep[] = [];
  for (const s of spans) {
    const index = SpanIndex.stepIndexOf(s);
    if (index === undefined) continue;
    const kind = str(s.attributes, ATTR.stepKind) ?? 'step';
    steps.push({ index, at: s.start, spanId: s.spanId, describe: `recorded ${kind} step` });
  }
  return steps.sort((a, b) => a.index - b.index);
}

function startsOf(spans: readonly SpanRecord[], rule: StepRule, order: SpanOrder): FoundStart[] {
  const ordered = [...spans].sort(order);
  if (rule === 'agent_turns') {
    return ordered
      .filter((s) => str(s.attributes, ATTR.event) === EVENT.agent)
      .map((span) => ({
        span,
        members: [span],
        describe: `agent ${str(span.attributes, ATTR.agent)}`,
      }));
  }
  const roots = rootsOf(spans, order);
  if (rule === 'root_children') {
    const rootIds = new Set(roots.map((r) => r.spanId));
    // A return span Baton added at a call's end is no child the trace recorded.
    return ordered
      .filter((s) => s.parentId !== undefined && rootIds.has(s.parentId))
      .filter((s) => str(s.attributes, ATTR.event) !== EVENT.return)
      .map((span) => ({ span, members: [span], describe: `span "${span.name}"` }));
  }
  const traces = new Set(roots.map((r) => r.traceId));
  if (traces.size > 1) {
    // One customer turn per trace: what Runner.run, a request handler or a kickoff records;
    // a trace of work beside the conversation (a job summarising it) is no turn.
    const isTurn = turnTraces(spans);
    const firstRoot = new Map<string, SpanRecord>();
    for (const r of roots) if (!firstRoot.has(r.traceId)) firstRoot.set(r.traceId, r);
    return [...firstRoot.values()].filter((r) => isTurn(r.traceId)).map(rootStart);
  }
  return userTurnStarts(ordered);
}

/** Spans whose input brings a user message more than any span before them: a new customer turn. */
function userTurnStarts(ordered: readonly SpanRecord[]): FoundStart[] {
  const starts: FoundStart[] = [];
  let most = 0;
  for (const span of ordered) {
    const users = userMessages(span);
    if (!users || users.count <= most) continue;
    most = users.count;
    starts.push({ span, members: [span], describe: `customer: ${quote(users.last)}` });
  }
  return starts;
}

function rootsOf(spans: readonly SpanRecord[], order: SpanOrder): SpanRecord[] {
  const ids = new Set(spans.map((s) => s.spanId));
  return spans.filter((s) => s.parentId === undefined || !ids.has(s.parentId)).sort(order);
}

type FoundStart = Start & { readonly span: SpanRecord };

function rootStart(span: SpanRecord): FoundStart {
  return { span, members: [span], describe: `trace ${span.traceId.slice(0, 8)} "${span.name}"` };
}

/** Adds one Baton step span per start (in the order given) as the parent of its members. */
function insertSteps(
  spans: readonly SpanRecord[],
  starts: readonly Start[],
  kind: string,
): Omit<DerivedSteps, 'matched'> {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const s of spans) {
    first = Math.min(first, s.start);
    last = Math.max(last, s.end);
  }
  const opens = starts.map((s, k) =>
    k === 0 ? first : (s.span?.start ?? nextStart(starts, k, last)),
  );
  const traceId = (spans[0] as SpanRecord).traceId;
  const reparent = new Map<string, string>();
  const stepSpans: SpanRecord[] = [];
  const steps: DerivedStep[] = starts.map(({ span, members, describe }, k) => {
    const id = `baton.step.${k}`;
    const start = opens[k] as number;
    const parentId = span?.parentId;
    stepSpans.push({
      traceId: span?.traceId ?? traceId,
      spanId: id,
      ...(parentId !== undefined && { parentId }),
      name: `baton.step ${k}`,
      start,
      end: Math.max(start, opens[k + 1] ?? last),
      attributes: { [ATTR.event]: EVENT.step, [ATTR.stepIndex]: k, [ATTR.stepKind]: kind },
    });
    for (const m of members) reparent.set(m.spanId, id);
    return { index: k, at: start, spanId: span?.spanId ?? id, describe };
  });
  const rewired = spans.map((s) => {
    const parentId = reparent.get(s.spanId);
    return parentId === undefined ? s : { ...s, parentId };
  });
  return { spans: [...stepSpans, ...rewired], steps, recorded: false };
}

/** An empty step opens where the next step with a span does. */
function nextStart(starts: readonly Start[], k: number, last: number): number {
  for (let j = k + 1; j < starts.length; j++) {
    const span = starts[j]?.span;
    if (span) return span.start;
  }
  return last;
}

function dedupe(starts: readonly FoundStart[]): FoundStart[] {
  const seen = new Set<string>();
  return starts.filter((s) => !seen.has(s.span.spanId) && seen.add(s.span.spanId));
}
