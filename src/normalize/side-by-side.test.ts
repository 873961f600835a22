import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { ATTR, EVENT, GENAI } from '../conventions/attributes.ts';
import { MODEL_TRAFFIC_ATTR } from '../conventions/model-traffic.ts';
import type { TimelineEvent } from '../model/timeline.ts';
import { normalize } from './normalize.ts';
import { isToolSpan } from './side-by-side.ts';
import { spanRecord, stepSpan } from './span-fixtures.ts';
import type { SpanRecord } from './span-record.ts';

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

  describe('model traffic', () => {
    /** What model traffic writes: instants at a response's arrival, under `parentId`. */
    const read = (
      id: string,
      at: number,
      what: 'tool' | 'handoff',
      response: { n: string; calls: number },
      parentId = 'turn',
    ) =>
      spanRecord(
        id,
        at,
        {
          ...(what === 'tool'
            ? { [ATTR.event]: EVENT.toolCall, [ATTR.toolName]: id, [ATTR.agent]: 'billing' }
            : {
                [ATTR.event]: EVENT.handoff,
                [ATTR.handoffFrom]: 'billing',
                [ATTR.handoffTo]: 'refunds',
                [ATTR.handoffPayload]: '{}',
              }),
          [MODEL_TRAFFIC_ATTR.response]: response.n,
          [MODEL_TRAFFIC_ATTR.calls]: response.calls,
        },
        { parentId, durationMs: 0 },
      );
    /** An effect the application made, marked with the response it carries out (if any). */
    const effectSpan = (id: string, at: number, parentId: string, response?: string) =>
      spanRecord(
        id,
        at,
        {
          [ATTR.event]: EVENT.effect,
          [ATTR.effectName]: 'ticket',
          [ATTR.effectKey]: id,
          [ATTR.effectOutcome]: 'committed',
          [ATTR.agent]: 'billing',
          ...(response !== undefined && { [MODEL_TRAFFIC_ATTR.response]: response }),
        },
        { parentId, durationMs: 0.1 },
      );
    const batches = (spans: SpanRecord[]) =>
      normalize([stepSpan(0), turn, ...spans])
        .events.filter((e) => e.kind !== 'step' && e.kind !== 'agent_turn')
        .map((e) => `${e.spanId} ${e.sideBySide?.batch ?? '-'}`);

    it('puts the calls of a response that made several, and its effects, side by side', () => {
      expect(
        batches([
          read('open_ticket', 10, 'tool', { n: '1', calls: 2 }),
          read('transfer', 10, 'handoff', { n: '1', calls: 2 }),
          effectSpan('T-1', 12, 'turn', '1'),
          read('lookup', 20, 'tool', { n: '2', calls: 1 }),
          effectSpan('T-2', 22, 'turn'),
        ]),
      ).toEqual([
        'open_ticket model response 1',
        'transfer model response 1',
        'T-1 model response 1',
        'lookup -',
        'T-2 -',
      ]);
    });

    it("joins the application's own tool spans that carry out such a response, up to its calls", () => {
      // The app's model call is a GenAI chat span under billing's turn; the traffic spans sit
      // under it; the app then runs the tools one after another under the turn.
      const chat = (id: string, at: number) =>
        spanRecord(id, at, { [GENAI.operation]: 'chat' }, { parentId: 'turn', durationMs: 2 });
      const traced = (id: string, at: number) =>
        spanRecord(
          id,
          at,
          { [GENAI.operation]: 'execute_tool', [GENAI.toolName]: id, [GENAI.agentName]: 'billing' },
          { parentId: 'turn', durationMs: 1, name: `execute_tool ${id}` },
        );
      expect(
        batches([
          traced('before', 1),
          chat('chat1', 5),
          read('r1-ticket', 7, 'tool', { n: '1', calls: 2 }, 'chat1'),
          read('r1-transfer', 7, 'handoff', { n: '1', calls: 2 }, 'chat1'),
          traced('transfer_to_refunds', 8),
          traced('open_ticket', 10),
          effectSpan('T-1', 10.5, 'open_ticket'),
          traced('third', 12),
          chat('chat2', 15),
          read('r2-lookup', 17, 'tool', { n: '2', calls: 1 }, 'chat2'),
          traced('lookup_order', 18),
        ]).filter((line) => !line.startsWith('r')),
      ).toEqual([
        'before -',
        'transfer_to_refunds model response 1',
        'open_ticket model response 1',
        'T-1 model response 1',
        'third -',
        'lookup_order -',
      ]);
    });

    test.prop([
      fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 5 }),
      fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 1, maxLength: 12 }),
    ])(
      'a traced tool joins only the response read last before it, when that response made several calls, and never more tools than it made calls',
      (callsPerResponse, toolStarts) => {
        // Response k arrives at 20k + 0.5 (under a chat span), with callsPerResponse[k] calls.
        const spans: SpanRecord[] = [];
        callsPerResponse.forEach((calls, k) => {
          const chat = `chat${k}`;
          spans.push(spanRecord(chat, 20 * k, { [GENAI.operation]: 'chat' }, { parentId: 'turn' }));
          for (let c = 0; c < Math.max(calls, 1); c++)
            spans.push(read(`r${k}-${c}`, 20 * k + 0.5, 'tool', { n: String(k), calls }, chat));
        });
        for (const [i, at] of toolStarts.entries())
          spans.push(
            spanRecord(
              `t${i}`,
              at + 0.25,
              { [GENAI.operation]: 'execute_tool', [GENAI.toolName]: `tool${i}` },
              { parentId: 'turn', durationMs: 0.1, name: `execute_tool tool${i}` },
            ),
          );
        const joined = new Map<string, string[]>();
        for (const e of normalize([stepSpan(0), turn, ...spans]).events) {
          // Tools that overlap one another form a batch of their own; only responses' count here.
          if (!e.spanId.startsWith('t') || !e.sideBySide?.batch.startsWith('model response '))
            continue;
          const k = Number(e.sideBySide.batch.replace('model response ', ''));
          const at = e.at - 0.25;
          // Read last before it: arrived before it started, and the next had not.
          expect(20 * k + 0.5).toBeLessThan(at + 0.25);
          if (k + 1 < callsPerResponse.length)
            expect(at + 0.25).toBeLessThanOrEqual(20 * (k + 1) + 0.5);
          expect(callsPerResponse[k]).toBeGreaterThan(1);
          joined.set(String(k), [...(joined.get(String(k)) ?? []), e.spanId]);
        }
        for (const [k, ids] of joined)
          expect(ids.length).toBeLessThanOrEqual(callsPerResponse[Number(k)] as number);
      },
    );
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
