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
});
