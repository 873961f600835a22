import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ScriptedChatModel, ScriptedModelError } from './scripted-chat-model.ts';

const transferToRefunds = tool(() => 'ok', {
  name: 'transfer_to_refunds',
  description: 'Hand over to refunds.',
  schema: z.object({}),
});

const hello = [new HumanMessage('I want a refund.')];

async function failure(promise: Promise<unknown>): Promise<ScriptedModelError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ScriptedModelError))
    throw new Error(`expected a ScriptedModelError, got ${String(error)}`);
  return error;
}

describe('ScriptedChatModel', () => {
  it('answers with its script in order, tool calls included, and records each call', async () => {
    const model = new ScriptedChatModel({
      name: 'triage',
      script: [
        { toolCalls: [{ name: 'transfer_to_refunds', args: { order_id: 'A-1001' } }] },
        'Anything else?',
      ],
    });
    const bound = model.bindTools([transferToRefunds]);

    const first = (await bound.invoke(hello)) as AIMessage;
    const second = (await bound.invoke(hello)) as AIMessage;

    expect(first.tool_calls).toEqual([
      expect.objectContaining({ name: 'transfer_to_refunds', args: { order_id: 'A-1001' } }),
    ]);
    expect(first.tool_calls?.[0]?.id).toMatch(/^call_\d+$/);
    expect(second.content).toBe('Anything else?');
    expect(model.calls.map((c) => c.tools)).toEqual([
      ['transfer_to_refunds'],
      ['transfer_to_refunds'],
    ]);
    expect(model.remaining).toBe(0);
    expect(() => model.assertConsumed()).not.toThrow();
  });

  it('computes a reply from the call when the entry is a function', async () => {
    const model = new ScriptedChatModel({
      script: [(call) => `you said: ${String(call.messages.at(-1)?.content)}`],
    });

    const reply = await model.invoke(hello);

    expect(reply.content).toBe('you said: I want a refund.');
  });

  it('fails a call past the end of its script, naming the model and the last message', async () => {
    const model = new ScriptedChatModel({ name: 'triage', script: ['Hi.'] });
    await model.invoke(hello);

    const error = await failure(model.invoke(hello));

    expect(error.code).toBe('scripted_model.unexpected_call');
    expect(error.message).toBe(
      'Scripted model "triage" got an unexpected call #2: its script has 1 replies. Last message: human "I want a refund.". Add a reply, or find why the graph called this model again.',
    );
  });

  it('fails a scripted call to a tool the model was not bound with', async () => {
    const model = new ScriptedChatModel({
      name: 'triage',
      script: [{ toolCalls: [{ name: 'transfer_to_billing' }] }],
    });

    const error = await failure(model.bindTools([transferToRefunds]).invoke(hello));

    expect(error.code).toBe('scripted_model.unknown_tool');
    expect(error.message).toBe(
      'Scripted model "triage" was scripted to call transfer_to_billing at call #1, but the tools bound to it are: transfer_to_refunds. Fix the tool name in the script, or give the agent that tool.',
    );
  });

  it('says what is left when the graph stops calling before the script ends', async () => {
    const model = new ScriptedChatModel({
      name: 'refunds',
      script: ['Refunded.', { toolCalls: [{ name: 'transfer_to_supervisor' }] }, 'Bye.'],
    });
    await model.invoke(hello);

    const error = (() => {
      try {
        model.assertConsumed();
      } catch (e) {
        return e;
      }
    })();

    expect(error).toBeInstanceOf(ScriptedModelError);
    expect((error as ScriptedModelError).code).toBe('scripted_model.unconsumed');
    expect((error as ScriptedModelError).message).toBe(
      'Scripted model "refunds" was called 1 time(s) but its script has 3 replies; unconsumed: calls transfer_to_supervisor, "Bye.". The graph stopped calling this model earlier than scripted: remove the replies or fix the graph.',
    );
  });

  it('answers every call through respond(), and fails the call respond() has no reply for', async () => {
    const model = new ScriptedChatModel({
      name: 'desk',
      respond: ({ messages }) => (messages.length === 1 ? 'first' : undefined),
    });

    const reply = await model.invoke(hello);
    const error = await failure(model.invoke([...hello, new AIMessage('first'), ...hello]));

    expect(reply.content).toBe('first');
    expect(error.code).toBe('scripted_model.unexpected_call');
    expect(error.message).toContain('its respond() returned no reply');
    expect(() => model.assertConsumed()).not.toThrow();
  });
});
