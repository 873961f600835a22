import { describe, expect, it } from 'vitest';
import { messageText } from './message-text.ts';

describe('messageText', () => {
  it('reads content text, GenAI parts and OpenAI input/output text parts, never tool calls', () => {
    expect(messageText({ content: 'order A-1001' })).toBe('order A-1001');
    expect(
      messageText({
        parts: [
          { type: 'text', content: 'refund' },
          { type: 'tool_call', name: 'transfer_to_refunds', content: 'ignored' },
        ],
      }),
    ).toBe('refund');
    expect(
      messageText({
        content: [
          { type: 'input_text', text: 'my order is' },
          { type: 'output_text', text: 'A-1001' },
          { type: 'image', text: 'no' },
        ],
      }),
    ).toBe('my order is A-1001');
    expect(messageText({ role: 'user' })).toBe('');
  });
});
