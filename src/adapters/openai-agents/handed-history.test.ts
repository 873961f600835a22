import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeFinding } from '../../checks/describe-finding.ts';
import { missingFact } from '../../checks/missing-fact.ts';
import { expect_, labels } from '../../checks/timeline-fixtures.ts';
import type { HandoffEvent } from '../../model/timeline.ts';
import { normalize } from '../../normalize/normalize.ts';
import { deskCase, runInScope } from './fixtures/run-in-scope.ts';
import { createOpenAiAgentsAdapter } from './openai-agents-adapter.ts';
import { call, handoffTo, type Script, say } from './scripted-reply.ts';

const APPS = resolve('src/adapters/openai-agents/fixtures/apps');

const steps = [
  { kind: 'customer', text: 'My blender broke, I want a refund.' },
  { kind: 'customer', text: 'Order A-1001, it was 40 euro.' },
] as const;

/** Triage asks, then hands over with `args`; refunds looks the order up on the next call. */
function script(args: Record<string, unknown>): Script {
  return {
    steps: [
      [say('Triage Agent', 'Which order, and how much?')],
      [handoffTo('Triage Agent', 'Refund Agent', args), say('Refund Agent', 'Refunded.')],
    ],
  };
}

/** Runs the refund case on a desk whose handoff is made as `handing` says. */
async function run(handing: string, args: Record<string, unknown>, played = script(args)) {
  const adapter = createOpenAiAgentsAdapter(
    {
      path: './handed-app.ts',
      options: {
        handing,
        scripts: { refund: played },
        agent_names: { 'Triage Agent': 'triage', 'Refund Agent': 'refunds' },
      },
    },
    join(APPS, 'suite.yaml'),
  );
  await adapter.setup?.();
  try {
    const { spans, error } = await runInScope(adapter, deskCase('refund', steps));
    expect(error).toBeUndefined();
    const timeline = normalize(spans);
    const handoffs = timeline.events.filter((e): e is HandoffEvent => e.kind === 'handoff');
    const carry = { order_id: 'A-1001', amount: 40 };
    const l = labels([expect_('triage', 'refunds', 1, { carry })]);
    const findings = missingFact.run(timeline, l, {}).map(describeFinding);
    return { handoffs, findings, events: timeline.events };
  } finally {
    await adapter.teardown?.();
  }
}

/** The texts of a history's messages, as Baton recorded them. */
function said(history: unknown): string[] {
  return (history as { role?: string; content?: string }[]).flatMap((m) =>
    m.role === undefined ? [] : [`${m.role}: ${m.content}`],
  );
}

describe('what a handoff hands its receiver, on the real SDK', () => {
  it('records the conversation a default handoff hands over: the facts the customer gave are carried', async () => {
    const { handoffs, findings } = await run('default', {});

    expect(handoffs).toHaveLength(1);
    expect(said(handoffs[0]?.history)).toEqual([
      'user: My blender broke, I want a refund.',
      'assistant: Which order, and how much?',
      'user: Order A-1001, it was 40 euro.',
    ]);
    expect(findings).toEqual([]);
  });

  it('fails a filter that strips the conversation from a handoff that sends no envelope', async () => {
    const { handoffs, findings } = await run('strip_history', {});

    expect(said(handoffs[0]?.history)).toEqual([]);
    expect(findings).toEqual([
      'triage → refunds at step 1 did not carry order_id = A-1001 (it sent no envelope, and the conversation it handed over lacks it too)',
      'triage → refunds at step 1 did not carry amount = 40 (it sent no envelope, and the conversation it handed over lacks it too)',
    ]);
  });

  it('keeps the arguments of a handoff whose inputFilter is removeAllTools', async () => {
    const { handoffs, findings } = await run('remove_all_tools', {
      order_id: 'A-1001',
      amount: 40,
    });

    expect(handoffs[0]?.payload).toEqual({ order_id: 'A-1001', amount: 40 });
    expect(findings).toEqual([]);
  });

  it('judges an envelope alone: an amount it dropped is missing though the customer said it', async () => {
    const { handoffs, findings } = await run('envelope', { order_id: 'A-1001' });

    expect(said(handoffs[0]?.history)).toContain('user: Order A-1001, it was 40 euro.');
    expect(findings).toEqual([
      'triage → refunds at step 1 did not carry amount = 40 in its envelope (the conversation it handed over has it: an envelope is judged alone)',
    ]);
  });

  it('records tool calls in the history with their arguments: the transfer call and its output', async () => {
    const { handoffs } = await run('default', {});
    const items = handoffs[0]?.history as { type?: string; name?: string }[];

    expect(items.filter((i) => i.type !== undefined).map((i) => [i.type, i.name])).toEqual([
      ['function_call', 'transfer_to_Refund_Agent'],
      ['function_call_result', 'transfer_to_Refund_Agent'],
    ]);
  });

  it('reads an agent used as a tool as a call: a handoff to it, and its answer coming back', async () => {
    const input = 'Refund order A-1001, it was 40 euro.';
    const asTool: Script = {
      steps: [
        [say('Triage Agent', 'Which order, and how much?')],
        [
          call('Triage Agent', 'ask_refunds', { input }),
          { say: 'Refunded 40 euro for A-1001.' }, // the nested run of Refund Agent
          say('Triage Agent', 'Done: refunded.'),
        ],
      ],
    };

    const { handoffs, findings, events } = await run('as_tool', {}, asTool);

    expect(handoffs.map((h) => [h.from, h.to, h.step, h.payload])).toEqual([
      ['triage', 'refunds', 1, input],
    ]);
    expect(events.filter((e) => e.kind === 'return')).toMatchObject([
      { by: 'refunds', to: 'triage', step: 1, answer: 'Refunded 40 euro for A-1001.' },
    ]);
    expect(events.filter((e) => e.kind === 'tool_call')).toMatchObject([
      { tool: 'ask_refunds', agent: 'triage' },
    ]);
    expect(findings).toEqual([]);
  });
});
