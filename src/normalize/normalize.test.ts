import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { enabledChecks, runChecks } from '../checks/registry.ts';
import { expect_, labels } from '../checks/timeline-fixtures.ts';
import { normalize } from './normalize.ts';
import { spanRecord } from './span-fixtures.ts';
import type { SpanRecord } from './span-record.ts';

const T = 'trace1';
function span(
  spanId: string,
  start: number,
  attributes: SpanRecord['attributes'],
  parentId?: string,
  name = spanId,
): SpanRecord {
  return spanRecord(spanId, start, attributes, { parentId, name, traceId: T });
}
const step = (i: number) =>
  span(
    `step${i}`,
    i * 10,
    { 'baton.event': 'step', 'baton.step.index': i, 'baton.step.kind': 'customer' },
    'root',
  );
const batonHandoff = (id: string, from: string, to: string, start: number, parent: string) =>
  span(
    id,
    start,
    {
      'baton.event': 'handoff',
      'baton.handoff.from': from,
      'baton.handoff.to': to,
      'baton.handoff.payload': '{"order_id":"A-1"}',
    },
    parent,
  );

describe('normalize', () => {
  it('marks a handoff whose span says its receiver is a person (baton.handoff.target_kind)', () => {
    const spans = [
      step(0),
      span(
        'p',
        5,
        {
          ...batonHandoff('', 'refunds', 'supervisor', 0, '').attributes,
          'baton.handoff.target_kind': 'person',
        },
        'step0',
      ),
      span(
        'a',
        6,
        {
          ...batonHandoff('', 'triage', 'refunds', 0, '').attributes,
          'baton.handoff.target_kind': 'agent',
        },
        'step0',
      ),
    ];

    const handoffs = normalize(spans).events.filter((e) => e.kind === 'handoff');

    expect(handoffs.map((h) => [h.to, h.toPerson])).toEqual([
      ['supervisor', true],
      ['refunds', undefined],
    ]);
  });

  it("reads a handoff's baton.handoff.history: the conversation the receiver was handed", () => {
    const history = [{ role: 'user', content: 'Order A-1001, it was 40 euro.' }];
    const spans = [
      step(0),
      span(
        'h',
        5,
        {
          'baton.event': 'handoff',
          'baton.handoff.from': 'triage',
          'baton.handoff.to': 'refunds',
          'baton.handoff.payload': '{}',
          'baton.handoff.history': JSON.stringify(history),
        },
        'step0',
      ),
    ];

    const [handoff] = normalize(spans).events.filter((e) => e.kind === 'handoff');

    expect(handoff).toMatchObject({ payload: {}, history });
    expect(JSON.parse(JSON.stringify(handoff))).toMatchObject({ history });
  });

  it("reads Baton's halt span as the step's halt, with its cause, limit and words", () => {
    const spans = [
      step(0),
      step(1),
      span(
        'stop',
        15,
        {
          'baton.event': 'halt',
          'baton.halt.cause': 'turn_limit',
          'baton.halt.limit': 12,
          'baton.agent.name': 'payments',
          'baton.halt.detail': 'Max turns (12) exceeded',
        },
        'step1',
      ),
      span('odd', 16, { 'baton.event': 'halt', 'baton.halt.cause': 'tired' }, 'step1'),
    ];

    expect(normalize(spans).events.filter((e) => e.kind === 'halt')).toEqual([
      {
        kind: 'halt',
        step: 1,
        at: 15,
        spanId: 'stop',
        cause: 'turn_limit',
        limit: 12,
        agent: 'payments',
        detail: 'Max turns (12) exceeded',
      },
    ]);
  });

  it('places a span at the step whose span is its ancestor', () => {
    const spans = [
      step(0),
      step(1),
      span('agent', 11, { 'baton.event': 'agent', 'baton.agent.name': 'triage' }, 'step1'),
      batonHandoff('h', 'triage', 'refunds', 12, 'agent'),
    ];
    const h = normalize(spans).events.find((e) => e.kind === 'handoff');
    expect(h).toMatchObject({
      step: 1,
      from: 'triage',
      to: 'refunds',
      payload: { order_id: 'A-1' },
      payloadSize: 18,
    });
  });

  it("reads baton.handoff.auto_return as the framework's automatic return, and only when true", () => {
    const marked = (value: boolean | string | undefined) => {
      const h = batonHandoff('h', 'refunds', 'supervisor', 1, 'step0');
      const attributes = { ...h.attributes, 'baton.handoff.auto_return': value };
      const events = normalize([step(0), { ...h, attributes }]).events;
      return events.find((e) => e.kind === 'handoff')?.autoReturn;
    };

    expect([marked(true), marked('true'), marked(false), marked(undefined)]).toEqual([
      true,
      true,
      undefined,
      undefined,
    ]);
  });

  it('places a span with a lost parent by time: the last step started before it', () => {
    const h = normalize([
      step(0),
      step(1),
      step(2),
      batonHandoff('h', 'a', 'b', 25, 'elsewhere'),
    ]).events.find((e) => e.kind === 'handoff');
    expect(h?.step).toBe(2);
  });

  it('reads a GenAI execute_tool transfer_to_<agent> span as a handoff from the invoking agent', () => {
    const spans = [
      step(0),
      span(
        'agent',
        1,
        { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'Triage' },
        'step0',
        'invoke_agent Triage',
      ),
      span(
        'tool',
        2,
        {
          'gen_ai.operation.name': 'execute_tool',
          'gen_ai.tool.name': 'transfer_to_Refund_Agent',
          'gen_ai.tool.call.arguments': '{"order_id":"A-1"}',
        },
        'agent',
      ),
    ];
    const events = normalize(spans).events;
    expect(events.map((e) => e.kind)).toEqual(['step', 'agent_turn', 'handoff']);
    expect(events[2]).toMatchObject({
      from: 'Triage',
      to: 'Refund_Agent',
      step: 0,
      payload: { order_id: 'A-1' },
    });
  });

  describe("a GenAI handoff's reason", () => {
    const handoffWith = (attributes: SpanRecord['attributes']) =>
      normalize([
        step(0),
        span(
          'agent',
          1,
          { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'intake' },
          'step0',
        ),
        span(
          'tool',
          2,
          {
            'gen_ai.operation.name': 'execute_tool',
            'gen_ai.tool.name': 'transfer_to_oncall',
            ...attributes,
          },
          'agent',
        ),
      ]).events.find((e) => e.kind === 'handoff');

    it('is the reason field of its arguments', () => {
      const h = handoffWith({
        'gen_ai.tool.call.arguments': '{"reason":"policy_gate","user":"hlee"}',
      });

      expect(h).toMatchObject({ reason: 'policy_gate' });
      expect(JSON.parse(JSON.stringify(h))).toMatchObject({ reason: 'policy_gate' });
    });

    it("is Baton's reason attribute when the span sets one, over its arguments", () => {
      const h = handoffWith({
        'gen_ai.tool.call.arguments': '{"reason":"in the arguments"}',
        'baton.handoff.reason': 'policy_gate',
      });

      expect(h).toMatchObject({ reason: 'policy_gate' });
    });

    it('is none when neither gives a string', () => {
      expect(handoffWith({ 'gen_ai.tool.call.arguments': '{"reason":3}' })?.kind).toBe('handoff');
      expect(
        (handoffWith({ 'gen_ai.tool.call.arguments': '{"reason":3}' }) as { reason?: string })
          .reason,
      ).toBeUndefined();
      expect((handoffWith({}) as { reason?: string }).reason).toBeUndefined();
    });
  });

  it('reads any other GenAI execute_tool span as a tool call of the invoking agent', () => {
    const tool = (id: string, at: number, name: string, extra = {}) =>
      span(
        id,
        at,
        {
          'gen_ai.operation.name': 'execute_tool',
          'gen_ai.tool.name': name,
          'gen_ai.tool.call.arguments': '{"order_id":"A-1"}',
          ...extra,
        },
        'agent',
      );
    const spans = [
      step(0),
      span(
        'agent',
        1,
        { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'Refunds' },
        'step0',
      ),
      tool('ok', 2, 'issue_refund'),
      tool('bad', 3, 'issue_refund', { 'error.type': 'timeout' }),
    ];

    const calls = normalize(spans).events.filter((e) => e.kind === 'tool_call');

    expect(calls).toEqual([
      expect.objectContaining({
        tool: 'issue_refund',
        agent: 'Refunds',
        args: { order_id: 'A-1' },
        step: 0,
      }),
      expect.objectContaining({ tool: 'issue_refund', agent: 'Refunds', outcome: 'error' }),
    ]);
    expect(calls.map((c) => c.outcome)).toEqual(['ok', 'error']);
  });

  it('reads acknowledgments and structured rejections', () => {
    const events = normalize([
      step(0),
      span(
        'ack',
        1,
        { 'baton.event': 'ack', 'baton.ack.by': 'refunds', 'baton.ack.accepted': true },
        'step0',
      ),
      span(
        'rej',
        2,
        {
          'baton.event': 'ack',
          'baton.ack.by': 'billing',
          'baton.ack.accepted': false,
          'baton.ack.reason': 'missing fields',
          'baton.ack.missing': ['order_id'],
        },
        'step0',
      ),
    ]).events;
    expect(events.slice(1)).toMatchObject([
      { kind: 'ack', by: 'refunds' },
      { kind: 'reject', by: 'billing', missing: ['order_id'] },
    ]);
  });

  test.prop([
    fc.array(fc.nat(40), { minLength: 0, maxLength: 6 }),
    fc.array(fc.nat(40), { maxLength: 6 }),
    fc.nat(),
  ])(
    'the order spans arrive in, and unrelated spans among them, change no verdict',
    (handoffTimes, noiseTimes, seed) => {
      const base = [step(0), step(1), step(2), step(3)];
      const handoffs = handoffTimes.map((t, i) =>
        batonHandoff(
          `h${i}`,
          i % 2 ? 'refunds' : 'triage',
          i % 2 ? 'supervisor' : 'refunds',
          t + i / 100,
          'nowhere',
        ),
      );
      const noise = noiseTimes.map((t, i) =>
        span(`n${i}`, t + 0.5, { 'http.method': 'GET' }, 'step0'),
      );
      const l = labels([expect_('triage', 'refunds', 1), expect_('refunds', 'supervisor', [2, 3])]);
      const checks = enabledChecks({});
      const verdicts = (spans: SpanRecord[]) =>
        runChecks(checks, normalize(spans), l).map(
          (f) => `${f.code}:${f.step}:${f.spanIds.join()}`,
        );
      const ordered = verdicts([...base, ...handoffs]);
      const shuffled =
        fc.sample(
          fc.shuffledSubarray([...base, ...handoffs, ...noise], {
            minLength: base.length + handoffs.length + noise.length,
          }),
          { seed, numRuns: 1 },
        )[0] ?? [];
      expect(verdicts(shuffled)).toEqual(ordered);
    },
  );

  describe('spans that start in the same millisecond (an SDK that stamps starts in whole ms)', () => {
    // What the OpenTelemetry JS SDK exports: every start at 7 ms, each end that start plus the
    // span's duration (so ends do not say which came first), each span written as it ended.
    const at = (
      spanId: string,
      end: number,
      attributes: SpanRecord['attributes'],
      parentId?: string,
    ) => ({
      ...span(spanId, 7, attributes, parentId),
      end,
    });
    const turn = (agent: string) => ({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': agent,
    });
    const transfer = (to: string) => ({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': `transfer_to_${to}`,
    });
    // intake hands to hardware, hardware hands back, intake escalates: one after another, in
    // the order they were exported (the ids sort the other way; the ends disagree too).
    const exported = [
      at('0-to-hardware', 7.005, transfer('hardware'), 'e-intake'),
      at('e-intake', 7.095, turn('intake'), 'root'),
      at('d-to-intake', 7.005, transfer('intake'), 'c-hardware'),
      at('c-hardware', 7.063, turn('hardware'), 'root'),
      at('b-to-oncall', 7.009, transfer('oncall'), 'a-intake'),
      at('a-intake', 7.157, turn('intake'), 'root'),
    ];
    const hops = (s: SpanRecord[]) =>
      normalize(s)
        .events.filter((e) => e.kind === 'handoff')
        .map((e) => (e.kind === 'handoff' ? `${e.from}>${e.to}` : ''));

    it('orders them as they were exported, not by span id or end', () => {
      expect(hops(exported)).toEqual(['intake>hardware', 'hardware>intake', 'intake>oncall']);
    });

    it('puts an agent turn before the handoff it holds, though the turn was exported after', () => {
      const kinds = normalize(exported.slice(0, 2)).events.map((e) => e.kind);

      expect(kinds).toEqual(['agent_turn', 'handoff']);
    });

    test.prop([
      fc.array(
        fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 4, maxLength: 4 }),
        {
          minLength: 6,
          maxLength: 6,
        },
      ),
    ])('the same order whatever the span ids', (prefixes) => {
      const rename = new Map(exported.map((s, i) => [s.spanId, `${prefixes[i]}${i}`]));
      const renamed = exported.map((s) => ({
        ...s,
        spanId: rename.get(s.spanId) as string,
        ...(s.parentId !== undefined && { parentId: rename.get(s.parentId) ?? s.parentId }),
      }));

      expect(hops(renamed)).toEqual(['intake>hardware', 'hardware>intake', 'intake>oncall']);
    });
  });

  it('keeps the handoff a node wrote itself over the one inferred from its activeAgent change', () => {
    const inferred = {
      ...batonHandoff('guess', 'triage', 'refunds', 5, 'step0'),
      attributes: {
        ...batonHandoff('guess', 'triage', 'refunds', 5, 'step0').attributes,
        'baton.handoff.payload': '{}',
        'baton.handoff.via': 'active_agent',
      },
    };
    const written = batonHandoff('own', 'triage', 'refunds', 3, 'step0');

    const both = normalize([step(0), written, inferred]).events.filter((e) => e.kind === 'handoff');
    const alone = normalize([step(0), inferred]).events.filter((e) => e.kind === 'handoff');

    expect(both.map((e) => e.spanId)).toEqual(['own']);
    expect(alone.map((e) => e.spanId)).toEqual(['guess']);
  });
});
