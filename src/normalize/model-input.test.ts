import { describe, expect, it } from 'vitest';
import { modelInput } from './model-input.ts';
import { spanRecord } from './span-fixtures.ts';

const oi = (i: number, field: string) => `llm.input_messages.${i}.message.${field}`;

describe('modelInput: the conversation a model call was given', () => {
  it('reads OpenInference input messages in order, without the agent’s instructions', () => {
    // As openinference-instrumentation-openai-agents writes a `response` span's input.
    const span = spanRecord('r', 0, {
      'openinference.span.kind': 'LLM',
      [oi(2, 'role')]: 'assistant',
      [oi(2, 'tool_calls.0.tool_call.function.name')]: 'lookup_invoice',
      [oi(2, 'tool_calls.0.tool_call.function.arguments')]: '{"invoice_id":"INV-412"}',
      [oi(3, 'role')]: 'tool',
      [oi(3, 'content')]: '{"late_fee":15}',
      [oi(0, 'role')]: 'system',
      [oi(0, 'content')]: 'You handle invoices. Never mention INV-999.',
      [oi(1, 'role')]: 'user',
      [oi(1, 'content')]: 'Invoice INV-412 has a late fee.',
      [oi(4, 'role')]: 'assistant',
      [oi(4, 'contents.1.message_content.text')]: 'again.',
      [oi(4, 'contents.0.message_content.text')]: 'Checking',
    });

    expect(modelInput(span)).toEqual([
      { role: 'user', content: 'Invoice INV-412 has a late fee.' },
      { type: 'function_call', name: 'lookup_invoice', arguments: '{"invoice_id":"INV-412"}' },
      { role: 'tool', content: '{"late_fee":15}' },
      { role: 'assistant', content: 'Checking again.' },
    ]);
  });

  it('reads GenAI input messages with their parts and tool calls', () => {
    const messages = [
      { role: 'system', parts: [{ type: 'text', content: 'Be brief.' }] },
      { role: 'user', parts: [{ type: 'text', content: 'Order A-1001 broke.' }] },
      {
        role: 'assistant',
        parts: [{ type: 'tool_call', id: 'c1', name: 'track', arguments: { order_id: 'A-1001' } }],
      },
      { role: 'tool', parts: [{ type: 'tool_call_response', id: 'c1', response: 'shipped' }] },
    ];
    const span = spanRecord('chat', 0, { 'gen_ai.input.messages': JSON.stringify(messages) });

    expect(modelInput(span)).toEqual([
      { role: 'user', content: 'Order A-1001 broke.' },
      { type: 'function_call', name: 'track', arguments: '{"order_id":"A-1001"}' },
      { role: 'tool', content: 'shipped' },
    ]);
  });

  it('reads an input.value list of Responses API items, and nothing from a span without input', () => {
    const items = [
      { role: 'user', content: 'It was 80 EUR.' },
      { type: 'function_call', call_id: 'x', name: 'issue_refund', arguments: '{"amount":80}' },
      { type: 'function_call_output', call_id: 'x', output: 'ok' },
    ];

    expect(modelInput(spanRecord('r', 0, { 'input.value': JSON.stringify(items) }))).toEqual([
      { role: 'user', content: 'It was 80 EUR.' },
      { type: 'function_call', name: 'issue_refund', arguments: '{"amount":80}' },
      { role: 'tool', content: 'ok' },
    ]);
    expect(modelInput(spanRecord('t', 0, { 'input.value': 'Triage Agent' }))).toBeUndefined();
  });
});
