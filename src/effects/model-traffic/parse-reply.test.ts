import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  anthropicEvents,
  bodyOf,
  type Call,
  chatEvents,
  responsesEvents,
  SHAPES,
  sseText,
  WORKING,
} from '../../../test/fixtures/model-traffic/shapes.ts';
import { parseModelReply } from './parse-reply.ts';

const toolName = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_-]{0,30}$/);
const input = fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 3 }), {
  maxKeys: 4,
}) as fc.Arbitrary<Record<string, unknown>>;
const calls = fc.array(fc.record({ name: toolName, input }), { maxLength: 4 });
// JSON round trips turn -0 into 0; compare what the wire can carry.
const wire = (cs: readonly Call[]) =>
  JSON.parse(JSON.stringify(cs.map((c) => ({ name: c.name, input: c.input }))));

describe('parseModelReply', () => {
  test.prop([fc.constantFrom(...SHAPES), calls, fc.integer({ min: 1, max: 40 })])(
    'gives back the tool calls of every shape, in order, with their inputs',
    (shape, cs, chunk) => {
      const body = bodyOf(shape, cs, chunk);
      const reply = parseModelReply(body.text, body.contentType);
      expect(reply?.toolCalls.map((c) => ({ name: c.name, input: c.input }))).toEqual(wire(cs));
    },
  );

  test.prop([fc.constantFrom(...SHAPES), calls, fc.string({ maxLength: 60 }), fc.nat({ max: 40 })])(
    'gives back the text the model wrote in every shape, whole however it was streamed',
    (shape, cs, text, chunk) => {
      const body = bodyOf(shape, cs, chunk + 1, text);
      expect(parseModelReply(body.text, body.contentType)?.text).toBe(text);
    },
  );

  it('joins the text blocks of an Anthropic message, leaving out its tool calls', () => {
    const body = {
      type: 'message',
      role: 'assistant',
      content: [
        { type: 'text', text: 'Sorry.' },
        { type: 'tool_use', id: 't', name: 'lookup_order', input: {} },
        { type: 'text', text: 'What is your order number?' },
      ],
    };
    expect(parseModelReply(JSON.stringify(body), 'application/json')?.text).toBe(
      'Sorry.\nWhat is your order number?',
    );
  });

  it('names the API that answered', () => {
    const apis = SHAPES.map((s) => {
      const body = bodyOf(s, []);
      return parseModelReply(body.text, body.contentType)?.api;
    });
    expect(apis).toEqual([
      'anthropic.messages',
      'anthropic.messages',
      'openai.chat_completions',
      'openai.chat_completions',
      'openai.responses',
      'openai.responses',
    ]);
  });

  it('keeps the ids the APIs gave the calls', () => {
    const cs = [{ name: 'handoff_to_writer', input: {}, id: 'toolu_01A' }];
    const reply = parseModelReply(bodyOf('anthropic-sse', cs).text, 'text/event-stream');
    expect(reply?.toolCalls[0]?.id).toBe('toolu_01A');
  });

  it('reads a stream whose content type is missing, and JSON sent as text/plain', () => {
    const cs = [{ name: 'transfer_to_billing', input: { invoice: 'INV-1' } }];
    expect(parseModelReply(bodyOf('anthropic-sse', cs).text, null)?.toolCalls).toHaveLength(1);
    expect(parseModelReply(bodyOf('chat-json', cs).text, 'text/plain')?.toolCalls).toHaveLength(1);
  });

  it('is not a model reply when the body is another API’s JSON, HTML or empty', () => {
    for (const text of ['{"ok":true}', '[1,2]', '<html></html>', '', 'data: hello\n\n'])
      expect(parseModelReply(text, null)).toBeUndefined();
  });

  it('keeps arguments that are not JSON as the text the model sent', () => {
    const body = {
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          message: {
            tool_calls: [
              { id: 'c', type: 'function', function: { name: 'handoff_to_x', arguments: '{"a":' } },
            ],
          },
        },
      ],
    };
    expect(parseModelReply(JSON.stringify(body), 'application/json')?.toolCalls[0]?.input).toBe(
      '{"a":',
    );
  });

  it('reads only the first choice of a chat completion with n > 1', () => {
    const body = {
      object: 'chat.completion',
      choices: [0, 1].map((index) => ({
        index,
        message: {
          tool_calls: [
            {
              id: `c${index}`,
              type: 'function',
              function: { name: `tool_${index}`, arguments: '{}' },
            },
          ],
        },
      })),
    };
    const reply = parseModelReply(JSON.stringify(body), 'application/json');
    expect(reply?.toolCalls.map((c) => c.name)).toEqual(['tool_0']);
  });

  it('ignores Anthropic server tools, which run at Anthropic', () => {
    const body = {
      type: 'message',
      role: 'assistant',
      content: [{ type: 'server_tool_use', id: 's', name: 'web_search', input: {} }],
    };
    expect(parseModelReply(JSON.stringify(body), 'application/json')?.toolCalls).toEqual([]);
  });
});

describe('streams cut off midway', () => {
  const cs: Call[] = [
    { name: 'web_search', input: { query: 'heat pumps' } },
    {
      name: 'handoff_to_writer',
      input: { goal: 'a brief', findings: [{ claim: 'c', source_url: 'https://a.test' }] },
    },
  ];
  const streams = {
    anthropic: sseText(anthropicEvents(cs, 5)),
    chat: sseText(chatEvents(cs, 5)),
    responses: sseText(responsesEvents(cs, 5)),
  };

  test.prop([fc.constantFrom(...Object.values(streams)), fc.nat()])(
    'never yield a call that did not complete, nor a changed input',
    (stream, at) => {
      const cut = stream.slice(0, at % (stream.length + 1));
      const got = parseModelReply(cut, 'text/event-stream')?.toolCalls ?? [];
      const whole = wire(cs);
      // What a cut stream gives is a prefix of the calls, each exactly as sent.
      expect(got.map((c) => ({ name: c.name, input: c.input }))).toEqual(
        whole.slice(0, got.length),
      );
      // And the text only once its block, item or stream finished.
      expect(['', WORKING]).toContain(parseModelReply(cut, 'text/event-stream')?.text ?? '');
    },
  );

  it('a chat stream without finish_reason or [DONE] made no complete call', () => {
    const text = sseText(chatEvents(cs, 5, false));
    expect(parseModelReply(text, 'text/event-stream')?.toolCalls).toEqual([]);
  });

  it('a Responses stream without response.completed gives the items that finished', () => {
    const text = sseText(responsesEvents(cs, 5, false));
    expect(parseModelReply(text, 'text/event-stream')?.toolCalls.map((c) => c.name)).toEqual([
      'web_search',
      'handoff_to_writer',
    ]);
  });
});
