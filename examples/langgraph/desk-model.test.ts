import { readFile } from 'node:fs/promises';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readConversation } from './conversation.ts';
import { decide } from './desk-model.ts';
import { Playbook } from './playbook.ts';

let playbook: Playbook;
beforeAll(async () => {
  const text = await readFile(new URL('./playbook.yaml', import.meta.url), 'utf8');
  playbook = Playbook.parse(parse(text));
});

const say = (text: string) => new HumanMessage(text);
const transfer = (by: string, to: string, args: object) =>
  new AIMessage({
    content: '',
    name: by,
    tool_calls: [{ id: `${by}-${to}`, name: `transfer_to_${to}`, args }],
  });

function next(agent: string, ...messages: (HumanMessage | AIMessage)[]) {
  return decide(playbook, agent, readConversation(messages));
}

describe('the desk model under the current playbook', () => {
  it('routes a refund to refunds with the order id and the customer’s words', () => {
    expect(next('triage', say('I want a refund for order A-1001.'))).toEqual({
      toolCalls: [
        {
          name: 'transfer_to_refunds',
          args: {
            reason: 'capability_boundary',
            summary: 'I want a refund for order A-1001.',
            order_id: 'A-1001',
          },
        },
      ],
    });
  });

  it('asks the supervisor once for a refund above the limit, and takes the decision back', () => {
    const asked = transfer('refunds', 'supervisor', { reason: 'policy_gate' });
    const decided = transfer('supervisor', 'refunds', { decision: 'approve' });

    expect(next('refunds', say('Order A-1002, I paid 750 euro.'))).toMatchObject({
      toolCalls: [{ name: 'transfer_to_supervisor', args: { reason: 'policy_gate', amount: 750 } }],
    });
    expect(next('refunds', say('I paid 750 euro.'), asked, decided)).toBe(
      "supervisor decided: approve. I'll take it from here.",
    );
    expect(next('refunds', say('I paid 750 euro.'), asked, decided, say('Thanks!'))).toBe(
      'refunds: noted.',
    );
  });

  it('escalates on a request for a manager and on a low confidence signal, not on 0.6', () => {
    expect(next('billing', say('Get me a manager.'))).toMatchObject({
      toolCalls: [{ name: 'transfer_to_supervisor', args: { reason: 'explicit_request' } }],
    });
    expect(next('triage', say('[signal] confidence=0.42'))).toMatchObject({
      toolCalls: [{ name: 'transfer_to_supervisor', args: { reason: 'low_confidence' } }],
    });
    expect(next('triage', say('[signal] confidence=0.6'))).toBe('triage: noted.');
  });

  it('reads facts from a tool result', () => {
    const ledger = say('[tool billing_ledger ok] {"order_id":"A-3310","amount":45}');

    expect(next('billing', ledger, say('I want my money back.'))).toMatchObject({
      toolCalls: [{ name: 'transfer_to_refunds', args: { order_id: 'A-3310', amount: 45 } }],
    });
  });
});
