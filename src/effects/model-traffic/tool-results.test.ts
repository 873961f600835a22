import { describe, expect, it } from 'vitest';
import { failedToolResults } from './tool-results.ts';

const request = (messages: unknown[]) => JSON.stringify({ model: 'claude-test', messages });

describe('failedToolResults', () => {
  it('names the tool calls whose Anthropic tool_result says is_error', () => {
    const body = request([
      { role: 'user', content: 'Refund order A-1' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'x', input: {} }] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: 'No order A-1', is_error: true },
          { type: 'tool_result', tool_use_id: 'toolu_2', content: 'ok', is_error: false },
          { type: 'tool_result', tool_use_id: 'toolu_3', content: 'ok' },
        ],
      },
    ]);
    expect(failedToolResults(body)).toEqual(['toolu_1']);
  });

  it('finds none in OpenAI requests, which carry no error flag, nor in what is not JSON', () => {
    const chat = JSON.stringify({
      messages: [{ role: 'tool', tool_call_id: 'call_1', content: 'is_error: true' }],
    });
    const responses = JSON.stringify({
      input: [{ type: 'function_call_output', call_id: 'call_1', output: 'failed' }],
    });
    for (const body of [chat, responses, 'is_error', '', '{"messages":"is_error"}'])
      expect(failedToolResults(body)).toEqual([]);
  });
});
