import { fc, test } from '@fast-check/vitest';
import {
  AIMessage,
  ChatMessage,
  HumanMessage,
  RemoveMessage,
  SystemMessage,
  ToolMessage,
} from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { payloadContains } from '../../checks/contains-text.ts';
import { handedFact } from '../../checks/find-fact.ts';
import { factWords } from '../../model/fact-words.ts';
import { historyText as sdkHistoryText } from '../openai-agents/received-input.ts';
import { historyText } from './history-text.ts';

const transfer = { name: 'transfer_to_refunds', args: { reason: 'capability_boundary' }, id: 'c1' };

describe('historyText: the conversation a receiver starts from, as Baton records it', () => {
  it('writes messages as { role, content } and tool calls as the Agents SDK adapter does', () => {
    const conversation = [
      new SystemMessage('You are triage.'),
      new HumanMessage('Refund order A-1001.'),
      new AIMessage({ content: '', tool_calls: [transfer] }),
      new ToolMessage({ content: 'Transferred.', tool_call_id: 'c1' }),
    ];
    // The same conversation as the Agents SDK hands it to a receiver.
    const sdkInput = [
      { role: 'system', content: 'You are triage.' },
      { role: 'user', content: [{ type: 'input_text', text: 'Refund order A-1001.' }] },
      {
        type: 'function_call',
        name: 'transfer_to_refunds',
        callId: 'c1',
        arguments: '{"reason":"capability_boundary"}',
      },
      {
        type: 'function_call_result',
        name: 'transfer_to_refunds',
        callId: 'c1',
        output: 'Transferred.',
      },
    ];

    expect(historyText(conversation)).toBe(sdkHistoryText(sdkInput));
    expect(JSON.parse(historyText(conversation))).toEqual([
      { role: 'system', content: 'You are triage.' },
      { role: 'user', content: 'Refund order A-1001.' },
      {
        type: 'function_call',
        name: 'transfer_to_refunds',
        arguments: '{"reason":"capability_boundary"}',
      },
      { type: 'function_call_result', name: 'transfer_to_refunds', output: 'Transferred.' },
    ]);
  });

  it('keeps the words of a message that also calls a tool, before the call', () => {
    const message = new AIMessage({ content: 'Passing you on.', tool_calls: [transfer] });

    expect(JSON.parse(historyText([message]))).toEqual([
      { role: 'assistant', content: 'Passing you on.' },
      {
        type: 'function_call',
        name: 'transfer_to_refunds',
        arguments: '{"reason":"capability_boundary"}',
      },
    ]);
  });

  it('reads text parts, plain objects, [role, text] pairs and a named role; skips removals', () => {
    const messages = [
      new HumanMessage({
        content: [
          { type: 'text', text: 'Order' },
          { type: 'text', text: 'A-1001' },
        ],
      }),
      { type: 'ai', content: 'Noted.' },
      { role: 'assistant', content: 'Anything else?' },
      ['user', 'No.'],
      new ChatMessage({ content: 'Looks fine.', role: 'critic' }),
      new RemoveMessage({ id: 'gone' }),
    ];

    expect(JSON.parse(historyText(messages))).toEqual([
      { role: 'user', content: 'Order\nA-1001' },
      { role: 'assistant', content: 'Noted.' },
      { role: 'assistant', content: 'Anything else?' },
      { role: 'user', content: 'No.' },
      { role: 'critic', content: 'Looks fine.' },
    ]);
  });
});

const value = fc
  .string({ minLength: 1, maxLength: 10 })
  .filter((v) => factWords(v).words.length > 0);
const text = fc.string({ maxLength: 30 });
const message = fc.oneof(
  text.map((t) => new HumanMessage(t)),
  text.map((t) => new AIMessage(t)),
  fc
    .tuple(text, fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), text))
    .map(
      ([t, args]) => new AIMessage({ content: t, tool_calls: [{ name: 'lookup', args, id: 'c' }] }),
    ),
  text.map((t) => new ToolMessage({ content: t, tool_call_id: 'c' })),
);

describe('historyText: properties', () => {
  test.prop([fc.array(message, { maxLength: 5 }), fc.nat(), value])(
    'a fact said anywhere in the conversation is carried by a handoff that sends no envelope',
    (messages, at, v) => {
      const said = new HumanMessage(`it is ${v} indeed`);
      const conversation = [...messages];
      conversation.splice(at % (messages.length + 1), 0, said);

      const history = historyText(conversation);

      expect(handedFact({ payload: {}, history }, 'order_id', v)).toEqual({ present: true });
    },
  );

  // Pieces of A-1: the end of one message and the start of the next often spell it between them.
  const piece = fc.constantFrom('A ', ' 1', 'A-', '-1', '1 A', 'x A', '1 x', '');
  const pieces = fc.array(
    fc.oneof(
      piece.map((t) => new HumanMessage(t)),
      piece.map((t) => new AIMessage(t)),
    ),
    { minLength: 2, maxLength: 6 },
  );
  test.prop([pieces])(
    'a fact no message says on its own is not carried: messages are never read as one text',
    (messages) => {
      const none = messages.filter((m) => !payloadContains(JSON.parse(historyText([m])), 'A-1'));

      const history = historyText(none);

      expect(handedFact({ payload: {}, history }, 'order_id', 'A-1').present).toBe(false);
    },
  );
});
