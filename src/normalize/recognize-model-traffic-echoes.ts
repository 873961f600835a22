import type {
  HandoffEvent,
  QuestionEvent,
  TimelineEvent,
  ToolCallEvent,
} from '../model/timeline.ts';

/** Handoffs read from model traffic, with the tool the model called for each. */
const handoffTools = new WeakMap<HandoffEvent, string | undefined>();
/** Tool calls and questions read from model traffic. */
const readFromTraffic = new WeakSet<ToolCallEvent | QuestionEvent>();

export function markTrafficHandoff(event: HandoffEvent, tool: string | undefined): HandoffEvent {
  handoffTools.set(event, tool);
  return event;
}

export function markTrafficToolCall(event: ToolCallEvent): ToolCallEvent {
  readFromTraffic.add(event);
  return event;
}

export function markTrafficQuestion(event: QuestionEvent): QuestionEvent {
  readFromTraffic.add(event);
  return event;
}

/** A key two events share when they report the same thing; undefined: not such an event. */
type Key = (e: TimelineEvent) => string | undefined;

const fromTraffic = (e: TimelineEvent) =>
  e.kind === 'handoff' ? handoffTools.has(e) : readFromTraffic.has(e as ToolCallEvent);
const traced =
  (key: Key): Key =>
  (e) =>
    fromTraffic(e) ? undefined : key(e);
const read =
  (key: Key): Key =>
  (e) =>
    fromTraffic(e) ? key(e) : undefined;

const handoffTo: Key = (e) => (e.kind === 'handoff' ? `${e.step}\n${e.to}` : undefined);
const toolCall: Key = (e) => (e.kind === 'tool_call' ? `${e.step}\n${e.tool}` : undefined);
const question: Key = (e) => (e.kind === 'question' ? `${e.step}\n${e.by}` : undefined);
const handoffTool: Key = (e) => {
  const tool = e.kind === 'handoff' ? handoffTools.get(e) : undefined;
  return tool === undefined ? undefined : `${e.step}\n${tool}`;
};

/**
 * What model traffic and the application's own spans both report, counted once (one for one, at
 * the same step): a traced handoff to the same receiver wins over the one read from the traffic
 * (it knows its sender); a traced tool call of the same tool wins over the one read from the
 * traffic (it knows the outcome); a question the application's spans show the same agent asking
 * wins over the one read from the traffic. And a traced tool call of the tool a traffic handoff
 * was made with (`escalate_to_supervisor` under a suite's handoff rule) is that handoff, not an
 * ordinary tool call: it is dropped.
 */
export function withoutTrafficEchoes(events: TimelineEvent[]): TimelineEvent[] {
  if (!events.some(fromTraffic)) return events;
  // Before traced handoffs absorb the traffic ones: a tool call of a handoff tool stays one.
  let out = withoutEchoes(events, traced(toolCall), handoffTool);
  out = withoutEchoes(out, read(handoffTo), traced(handoffTo));
  out = withoutEchoes(out, read(toolCall), traced(toolCall));
  return withoutEchoes(out, read(question), traced(question));
}

/**
 * `events` without each event `echo` keys that an event `witness` keys the same way reports,
 * one for one; witnesses are kept. The first echoes of a key go first.
 */
function withoutEchoes(events: TimelineEvent[], echo: Key, witness: Key): TimelineEvent[] {
  const left = new Map<string, number>();
  for (const e of events) {
    const k = witness(e);
    if (k !== undefined) left.set(k, (left.get(k) ?? 0) + 1);
  }
  if (left.size === 0) return events;
  return events.filter((e) => {
    const k = echo(e);
    const n = k === undefined ? 0 : (left.get(k) ?? 0);
    if (n === 0) return true;
    left.set(k as string, n - 1);
    return false;
  });
}
