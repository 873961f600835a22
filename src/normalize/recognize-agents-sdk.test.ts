import { describe, expect, it } from 'vitest';
import { normalize } from './normalize.ts';
import { spanRecord } from './span-fixtures.ts';
import type { SpanRecord } from './span-record.ts';

function span(
  spanId: string,
  start: number,
  name: string,
  attributes: SpanRecord['attributes'],
  parentId?: string,
): SpanRecord {
  return spanRecord(spanId, start, attributes, { parentId, name });
}

const brief = (spans: SpanRecord[]) =>
  normalize(spans).events.map((e) =>
    e.kind === 'handoff' ? `${e.from}→${e.to}` : e.kind === 'agent_turn' ? e.agent : e.kind,
  );

describe('recognizeAgentsSdk', () => {
  it('reads span data flattened by a Logfire-style bridge', () => {
    expect(
      brief([
        span('a', 1, 'Agent run: {name!r}', { name: 'Triage Agent' }),
        span(
          'h',
          2,
          'Handoff: {from_agent} → {to_agent}',
          { from_agent: 'Triage Agent', to_agent: 'Refund Agent' },
          'a',
        ),
        span('f', 3, 'Function: {name}', { name: 'lookup_order' }, 'a'),
      ]),
    ).toEqual(['Triage Agent', 'Triage Agent→Refund Agent']);
  });

  it('reads span data with a span_data. prefix and a handoff without from_agent', () => {
    expect(
      brief([
        span('a', 1, 'agent', { 'span_data.type': 'agent', 'span_data.name': 'Triage' }),
        span(
          'h',
          2,
          'handoff',
          { 'span_data.type': 'handoff', 'span_data.to_agent': 'Refunds' },
          'a',
        ),
      ]),
    ).toEqual(['Triage', 'Triage→Refunds']);
  });

  it('reads the GenAI handoff proposal: source and target named on execute_tool', () => {
    const [h] = normalize([
      span('a', 1, 'invoke_agent Billing', {
        'gen_ai.operation.name': 'invoke_agent',
        'gen_ai.agent.name': 'Billing',
      }),
      span(
        't',
        2,
        'execute_tool transfer_to_supervisor',
        {
          'gen_ai.operation.name': 'execute_tool',
          'gen_ai.tool.name': 'transfer_to_supervisor',
          'gen_ai.agent.handoff.source.name': 'Billing',
          'gen_ai.agent.handoff.target.name': 'supervisor',
          'gen_ai.tool.call.arguments': '{"invoice_id":"INV-1"}',
        },
        'a',
      ),
    ]).events.filter((e) => e.kind === 'handoff');

    expect(h).toMatchObject({
      from: 'Billing',
      to: 'supervisor',
      payload: { invoice_id: 'INV-1' },
    });
  });

  it('reads the earlier gen_ai.handoff.* spelling', () => {
    expect(
      brief([
        span('t', 2, 'handoff', {
          'gen_ai.handoff.source_agent': 'A',
          'gen_ai.handoff.target_agent': 'B',
        }),
      ]),
    ).toEqual(['A→B']);
  });

  it('reads function spans as tool calls of the agent above: Baton adapter attributes or span data', () => {
    const calls = normalize([
      span('a', 1, 'agent refunds', { 'baton.event': 'agent', 'baton.agent.name': 'refunds' }),
      span(
        'f',
        2,
        'function issue_refund',
        {
          'openai_agents.span.type': 'function',
          'openai_agents.name': 'issue_refund',
          'openai_agents.function.input': '{"order_id":"A-1"}',
        },
        'a',
      ),
      span('x', 3, 'agent', { 'span_data.type': 'agent', 'span_data.name': 'Triage' }),
      span(
        'g',
        4,
        'function',
        {
          'span_data.type': 'function',
          'span_data.name': 'lookup_order',
          'span_data.input': '{"id":7}',
          error: 'timeout',
        },
        'x',
      ),
    ]).events.filter((e) => e.kind === 'tool_call');

    expect(calls).toEqual([
      expect.objectContaining({
        tool: 'issue_refund',
        agent: 'refunds',
        args: { order_id: 'A-1' },
        outcome: 'ok',
      }),
      expect.objectContaining({
        tool: 'lookup_order',
        agent: 'Triage',
        args: { id: 7 },
        outcome: 'error',
      }),
    ]);
  });
});
