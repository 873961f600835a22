import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCapture } from '../../capture/capture.ts';
import { expect_ } from '../../checks/timeline-fixtures.ts';
import type { Case } from '../../model/labelled-case.ts';
import type { Step } from '../../model/step.ts';
import { judgeOneCase } from '../test-support.ts';
import type { ConversationOptions } from './fixtures/conversation-app.ts';
import { createLangGraphAdapter } from './langgraph-adapter.ts';

const FIXTURES = resolve('src/adapters/langgraph/fixtures');
const capture = createCapture();

/** A refund case whose triage → refunds handoff, at `at`, must carry order A-1001. */
function refundCase(texts: readonly string[], at: number): Case {
  return {
    id: 'refund',
    title: 'A refund goes from triage to refunds with its order',
    source: 'unit test',
    tags: [],
    agents: ['triage', 'refunds'],
    persons: [],
    entry: 'triage',
    steps: texts.map((text): Step => ({ kind: 'customer', text })),
    labels: { handoffs: [expect_('triage', 'refunds', at, { carry: { order_id: 'A-1001' } })] },
  };
}

async function run(options: ConversationOptions, testCase: Case) {
  const adapter = createLangGraphAdapter(
    { path: './conversation-app.ts', options: { ...options } },
    join(FIXTURES, 'suite.yaml'),
  );
  const result = await judgeOneCase(adapter, testCase, capture);
  const failing = result.findings
    .filter((f) => f.outcome !== 'pass')
    .map((f) => `${f.code} ${f.message}`);
  const handoffs = (result.timeline ?? []).flatMap((e) => (e.kind === 'handoff' ? [e] : []));
  return { result, failing, handoffs };
}

const routings = ['command', 'edge', 'swarm'] as const;
const earlier = refundCase(['My kettle broke.', 'Refund order A-1001, please.'], 1);
const conversation = [
  { role: 'user', content: 'My kettle broke.' },
  { role: 'assistant', content: 'What went wrong?' },
  { role: 'user', content: 'Refund order A-1001, please.' },
];

describe('carry on a LangGraph graph: the conversation the receiver reads from the shared messages', () => {
  it('records on the handoff the messages refunds starts from, all turns of the thread', async () => {
    const { handoffs } = await run({ routing: 'command' }, earlier);

    expect(handoffs.map((h) => [h.from, h.to, h.step, h.payload])).toEqual([
      ['triage', 'refunds', 1, undefined],
    ]);
    expect(handoffs[0]?.history).toEqual([
      ...conversation,
      { role: 'assistant', content: 'Passing you to refunds.' },
    ]);
  });

  it('records a transfer call and its tool message as the Agents SDK adapter does', async () => {
    const { handoffs } = await run({ routing: 'swarm' }, earlier);

    expect(handoffs.map((h) => [h.from, h.to, h.step, h.payload])).toEqual([
      ['triage', 'refunds', 1, undefined],
    ]);
    expect(handoffs[0]?.history).toEqual([
      ...conversation,
      { type: 'function_call', name: 'transfer_to_refunds', arguments: '{}' },
      {
        type: 'function_call_result',
        name: 'transfer_to_refunds',
        output: 'Successfully transferred to refunds',
      },
    ]);
  });

  it.each(routings)(
    'counts the order the customer gave in an earlier turn as carried (%s)',
    async (routing) => {
      const { result, failing } = await run({ routing }, earlier);

      expect(failing).toEqual([]);
      expect(result.status).toBe('pass');
    },
  );

  it.each(['command', 'edge'] as const)(
    'counts the order the sender wrote into its own message as carried (%s)',
    async (routing) => {
      const says = 'Order A-1001 (found by your email) goes to refunds.';
      const testCase = refundCase(['My kettle broke, I want a refund.'], 0);

      const { failing } = await run({ routing, says }, testCase);

      expect(failing).toEqual([]);
    },
  );

  it.each(routings)(
    'still fails a handoff when the order is in neither the state it wrote nor the messages (%s)',
    async (routing) => {
      const testCase = refundCase(['My kettle broke, I want a refund.'], 0);

      const { result, failing } = await run({ routing }, testCase);

      expect(result.status).toBe('fail');
      expect(failing).toEqual([
        'handoff.missing_fact triage → refunds at step 0 did not carry order_id = A-1001 (it sent no envelope, and the conversation it handed over lacks it too)',
      ]);
    },
  );

  it('judges state the sender wrote besides its messages as an envelope, alone', async () => {
    const writes = { ticket: { amount: 40 } };
    const testCase = refundCase(['Refund order A-1001, it was 40 euro.'], 0);

    const { failing } = await run({ routing: 'command', writes }, testCase);

    expect(failing).toEqual([
      'handoff.missing_fact triage → refunds at step 0 did not carry order_id = A-1001 in its envelope (the conversation it handed over has it: an envelope is judged alone)',
    ]);
  });
});
