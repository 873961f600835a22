import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { ATTR, EVENT } from '../conventions/attributes.ts';
import { MODEL_TRAFFIC_ATTR } from '../conventions/model-traffic.ts';
import type { TimelineEvent } from '../model/timeline.ts';
import { normalize } from './normalize.ts';
import { isToolSpan } from './side-by-side.ts';
import { spanRecord, stepSpan } from './span-fixtures.ts';

const turn = spanRecord(
  'turn',
  1,
  { [ATTR.event]: EVENT.agent, [ATTR.agent]: 'billing' },
  { parentId: 'step0', durationMs: 40 },
);
/** An AI SDK tool call under billing's turn, from `start` for `ms`. */
const aiToolCall = (id: string, tool: string, start: number, ms: number) =>
  spanRecord(
    id,
    start,
    { 'ai.operationId': 'ai.toolCall', 'ai.toolCall.name': tool, 'ai.toolCall.args': '{}' },
    { parentId: 'turn', durationMs: ms, name: 'ai.toolCall' },
  );
const handoffIn = (parentId: string, start: number) =>
  spanRecord(
    `handoff-${parentId}`,
    start,
    {
      [ATTR.event]: EVENT.handoff,
      [ATTR.handoffFrom]: 'billing',
      [ATTR.handoffTo]: 'refunds',
      [ATTR.handoffPayload]: '{"order_id":"A-5005"}',
    },
    { parentId, durationMs: 0 },
  );
const toolIn = (parentId: string, start: number) =>
  spanRecord(
    `tool-${parentId}`,
    start,
    { [ATTR.event]: EVENT.toolCall, [ATTR.toolName]: 'open_ticket' },
    { parentId, durationMs: 0.1 },
  );

const marks = (events: readonly TimelineEvent[]) =>
  Object.fromEntries(
    events
      .filter((e) => e.kind === 'handoff' || e.kind === 'tool_call')
      .map((e) => [e.kind, e.sideBySide]),
  );

/**
 * Billing's turn with a transfer call at `transferAt` (an emitHandoff inside) and an open_ticket
 * call at `ticketAt` (a withToolCall inside), each lasting 0.5 ms, the ticket's under `parent`.
 */
const transferAndTicket = (transferAt: number, ticketAt: number, parent = 'turn') => [
  stepSpan(0),
  turn,
  spanRecord('other', 0, {}, { parentId: 'step0', durationMs: 60 }),
  aiToolCall('transfer', 'transfer_to_refunds', transferAt, 0.5),
  handoffIn('transfer', transferAt + 0.1),
  { ...aiToolCall('ticket', 'open_ticket', ticketAt, 0.5), parentId: parent },
  toolIn('ticket', ticketAt + 0.1),
];

describe('tool calls that ran side by side', () => {
  it('marks events inside overlapping sibling tool calls with one batch and their own call', () => {
    const { events } = normalize(transferAndTicket(10.1, 10.3));
    expect(marks(events)).toEqual({
      handoff: { batch: 'turn#0', lane: 'transfer' },
      tool_call: { batch: 'turn#0', lane: 'ticket' },
    });
    // Marking keeps everything else the event carries (a handoff's envelope is read lazily).
    const handoff = events.find((e) => e.kind === 'handoff');
    expect(handoff).toMatchObject({ payload: { order_id: 'A-5005' }, reason: undefined });
    expect(JSON.parse(JSON.stringify(handoff))).toMatchObject({
      payload: { order_id: 'A-5005' },
      sideBySide: { batch: 'turn#0', lane: 'transfer' },
    });
  });

  it('leaves calls made one after another, and calls under different parents, unmarked', () => {
    const unmarked = { handoff: undefined, tool_call: undefined };
    expect(marks(normalize(transferAndTicket(20, 10)).events)).toEqual(unmarked);
    // A call that starts exactly as the other ends came after it.
    expect(marks(normalize(transferAndTicket(10, 10.5)).events)).toEqual(unmarked);
    expect(marks(normalize(transferAndTicket(10.1, 10.3, 'other')).events)).toEqual(unmarked);
  });

  it('puts the calls of one model response read from traffic side by side, each response its own batch', () => {
    // Instants at the response's arrival, as model traffic writes them, and an effect after it.
    const read = (id: string, start: number, attrs: Record<string, string>, response?: string) =>
      spanRecord(
        id,
        start,
        { ...attrs, ...(response !== undefined && { [MODEL_TRAFFIC_ATTR.response]: response }) },
        { parentId: 'step0', durationMs: 0 },
      );
    const spans = [
      stepSpan(0),
      read(
        'ticket',
        10,
        { [ATTR.event]: EVENT.toolCall, [ATTR.toolName]: 'open_ticket', [ATTR.agent]: 'billing' },
        '1',
      ),
      {
        ...handoffIn('step0', 10),
        attributes: { ...handoffIn('step0', 10).attributes, [MODEL_TRAFFIC_ATTR.response]: '1' },
      },
      read(
        'effect',
        12,
        {
          [ATTR.event]: EVENT.effect,
          [ATTR.effectName]: 'ticket',
          [ATTR.effectKey]: 'T-1',
          [ATTR.effectOutcome]: 'committed',
          [ATTR.agent]: 'billing',
        },
        '1',
      ),
      read(
        'later',
        20,
        { [ATTR.event]: EVENT.toolCall, [ATTR.toolName]: 'lookup', [ATTR.agent]: 'refunds' },
        '2',
      ),
      read('alone', 30, {
        [ATTR.event]: EVENT.toolCall,
        [ATTR.toolName]: 'lookup',
        [ATTR.agent]: 'refunds',
      }),
    ];
    const lanes = normalize(spans)
      .events.filter((e) => e.kind !== 'step')
      .map((e) => `${e.spanId} ${e.sideBySide?.batch ?? '-'}`);
    expect(lanes).toEqual([
      'ticket model response 1',
      'handoff-step0 model response 1',
      'effect model response 1',
      'later model response 2',
      'alone -',
    ]);
  });

  test.prop([
    fc.array(fc.tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 1, max: 10 })), {
      minLength: 2,
      maxLength: 8,
    }),
  ])(
    'two marked calls of one batch are joined by a chain of overlaps; calls of two batches never overlap',
    (calls) => {
      const spans = [
        stepSpan(0),
        turn,
        ...calls.map(([start, ms], i) => aiToolCall(`c${i}`, `tool${i}`, start, ms)),
      ];
      const byLane = new Map<string, string>();
      for (const e of normalize(spans).events)
        if (e.sideBySide) byLane.set(e.sideBySide.lane, e.sideBySide.batch);
      const span = (id: string) => spans.find((s) => s.spanId === id)!;
      const overlap = (a: string, b: string) =>
        span(a).start < span(b).end && span(b).start < span(a).end;
      for (const [i, [s, ms]] of calls.entries()) {
        const id = `c${i}`;
        const overlapsAny = calls.some(([t, n], j) => j !== i && s < t + n && t < s + ms);
        expect(byLane.has(id)).toBe(overlapsAny);
      }
      for (const [a, batchA] of byLane)
        for (const [b, batchB] of byLane) if (a !== b && overlap(a, b)) expect(batchA).toBe(batchB);
    },
  );

  it('knows tool spans in each shape Baton reads', () => {
    const shapes = [
      { [ATTR.event]: EVENT.toolCall },
      { 'ai.operationId': 'ai.toolCall' },
      { 'gen_ai.operation.name': 'execute_tool' },
      { 'openinference.span.kind': 'TOOL' },
      { 'openai_agents.span.type': 'function' },
    ];
    for (const attributes of shapes) expect(isToolSpan(spanRecord('s', 0, attributes))).toBe(true);
    expect(isToolSpan(spanRecord('s', 0, { [ATTR.event]: EVENT.handoff }))).toBe(false);
  });
});
