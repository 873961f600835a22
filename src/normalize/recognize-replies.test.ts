import { describe, expect, it } from 'vitest';
import { normalize } from './normalize.ts';
import { spanRecord } from './span-fixtures.ts';
import type { SpanRecord } from './span-record.ts';

const span = (
  spanId: string,
  start: number,
  attributes: SpanRecord['attributes'],
  parentId?: string,
  durationMs = 1,
) => spanRecord(spanId, start, attributes, { parentId, durationMs });

const questions = (spans: SpanRecord[]) =>
  normalize(spans)
    .events.filter((e) => e.kind === 'question')
    .map((e) => (e.kind === 'question' ? [e.by, e.to, e.text, e.at] : []));

describe('replies that ask something become questions to the customer', () => {
  it('an OpenInference AGENT span is an agent turn and, when its output asks, a question at its end', () => {
    const events = normalize([
      span(
        'a',
        10,
        {
          'openinference.span.kind': 'AGENT',
          'agent.name': 'refunds',
          'output.value': 'I can help. What is your order number?',
        },
        undefined,
        5,
      ),
    ]).events;
    expect(events.map((e) => [e.kind, e.at])).toEqual([
      ['agent_turn', 10],
      ['question', 15],
    ]);
    expect(events[1]).toMatchObject({ by: 'refunds', to: 'customer', fields: [] });
  });

  it('reads GenAI output messages on invoke_agent spans', () => {
    const messages = JSON.stringify([
      { role: 'assistant', parts: [{ type: 'text', content: 'Please share the order id.' }] },
    ]);
    expect(
      questions([
        span('g', 1, {
          'gen_ai.operation.name': 'invoke_agent',
          'gen_ai.agent.name': 'billing',
          'gen_ai.output.messages': messages,
        }),
      ]),
    ).toEqual([['billing', 'customer', 'Please share the order id.', 2]]);
  });

  it('takes a model span only as its agent’s last word, and only when the agent span says nothing', () => {
    const agent = { 'openinference.span.kind': 'AGENT', 'agent.name': 'refunds' };
    const llm = (text: string) => ({
      'openinference.span.kind': 'LLM',
      'llm.output_messages.0.message.role': 'assistant',
      'llm.output_messages.0.message.content': text,
    });
    const spans = [
      span('a', 0, agent, undefined, 10),
      span('l1', 1, llm('Shall I look that up?'), 'a'),
      span('l2', 5, llm('Which order is it about?'), 'a'),
    ];
    expect(questions(spans)).toEqual([['refunds', 'customer', 'Which order is it about?', 6]]);

    const spoken = [
      span('a', 0, { ...agent, 'output.value': 'Which order is it about?' }, undefined, 10),
      span('l2', 5, llm('Which order is it about?'), 'a'),
    ];
    expect(questions(spoken)).toHaveLength(1);
  });

  it('ignores replies that ask nothing, and Baton question spans (already questions)', () => {
    expect(
      questions([
        span('a', 0, {
          'openinference.span.kind': 'AGENT',
          'agent.name': 'refunds',
          'output.value': JSON.stringify({ final_output: 'Your refund is on its way.' }),
        }),
        span('b', 0, {
          'baton.event': 'question',
          'openinference.span.kind': 'AGENT',
          'agent.name': 'refunds',
          'output.value': 'What is your order number?',
        }),
      ]),
    ).toEqual([]);
  });

  it('reads an agent span lowered into Baton’s conventions (recorded traces), by its Baton name', () => {
    expect(
      questions([
        span('a', 0, {
          'baton.event': 'agent',
          'baton.agent.name': 'refunds',
          'openinference.span.kind': 'AGENT',
          'agent.name': 'Refund Agent',
          'output.value': 'What is your order number?',
        }),
      ]),
    ).toEqual([['refunds', 'customer', 'What is your order number?', 1]]);
  });
});

describe("Baton's own question and tool-call spans", () => {
  it('carry a question’s text, and a tool call’s name, parsed arguments, outcome and agent', () => {
    const events = normalize([
      span('turn', 0, { 'baton.event': 'agent', 'baton.agent.name': 'refunds' }, undefined, 10),
      span(
        'q',
        1,
        {
          'baton.event': 'question',
          'baton.question.by': 'refunds',
          'baton.question.text': 'Your order number?',
        },
        'turn',
      ),
      span(
        't',
        2,
        {
          'baton.event': 'tool_call',
          'baton.tool.name': 'lookup_order',
          'baton.tool.args': '{"order_id":"A-1001"}',
          'baton.tool.outcome': 'ok',
        },
        'turn',
      ),
      span('bad', 3, { 'baton.event': 'tool_call' }, 'turn'),
    ]).events;
    expect(events.slice(1)).toMatchObject([
      { kind: 'question', by: 'refunds', to: 'customer', fields: [], text: 'Your order number?' },
      {
        kind: 'tool_call',
        tool: 'lookup_order',
        agent: 'refunds',
        args: { order_id: 'A-1001' },
        outcome: 'ok',
      },
    ]);
    expect(events).toHaveLength(3);
  });
});
