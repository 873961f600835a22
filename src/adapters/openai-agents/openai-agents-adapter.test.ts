import { join, resolve } from 'node:path';
import { getGlobalTraceProvider, NoopTrace } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { BatonError } from '../../errors.ts';
import { SpanIndex } from '../../normalize/span-index.ts';
import { deskCase, eventsOf, runInScope } from './fixtures/run-in-scope.ts';
import { createOpenAiAgentsAdapter } from './openai-agents-adapter.ts';
import type { ScriptedModel } from './scripted-model.ts';
import { call, handoffTo, type Script, say } from './scripted-reply.ts';

const APPS = resolve('src/adapters/openai-agents/fixtures/apps');
const SUITE = join(APPS, 'suite.yaml');

/** Baton's reading of the test desk: its SDK names, its refund effect, its escalation tool. */
const READING = {
  agent_names: { 'Triage Agent': 'triage', 'Refund Agent': 'refunds' },
  effects: { tools: [{ name: 'issue_refund', effect: 'refund', key: 'order_id' }] },
  escalations: { escalate_to_supervisor: 'supervisor' },
};

function scriptedAdapter(scripts: Record<string, Script>, models: ScriptedModel[] = []) {
  return createOpenAiAgentsAdapter(
    { path: './scripted-app.ts', options: { ...READING, scripts, models } },
    SUITE,
  );
}

async function withAdapter<T>(
  adapter: ReturnType<typeof createOpenAiAgentsAdapter>,
  fn: () => Promise<T>,
): Promise<T> {
  await adapter.setup?.();
  try {
    return await fn();
  } finally {
    await adapter.teardown?.();
  }
}

const refundSteps = [
  { kind: 'customer', text: 'My blender broke, I want a refund.' },
  { kind: 'customer', text: 'Order A-1, 40 euro.' },
] as const;

const refundScript: Script = {
  steps: [
    [say('Triage Agent', 'Which order, and how much?')],
    [
      handoffTo('Triage Agent', 'Refund Agent', { order_id: 'A-1', amount: 40 }),
      call('Refund Agent', 'issue_refund', { order_id: 'A-1', amount: 40 }),
      say('Refund Agent', 'Refunded.'),
    ],
  ],
};

describe('the openai-agents adapter on a scripted model', () => {
  it('runs each step as a turn and records the SDK spans in Baton conventions, in that step', async () => {
    const adapter = scriptedAdapter({ refund: refundScript });

    const run = await withAdapter(adapter, () =>
      runInScope(adapter, deskCase('refund', refundSteps)),
    );

    expect(run.error).toBeUndefined();
    expect(eventsOf(run.spans, adapter.toolEffects)).toEqual([
      { kind: 'agent_turn', step: 0, agent: 'triage' },
      // The turn's final output asks the customer something: a question with its words.
      {
        kind: 'question',
        step: 0,
        by: 'triage',
        to: 'customer',
        text: 'Which order, and how much?',
      },
      { kind: 'agent_turn', step: 1, agent: 'triage' },
      {
        kind: 'handoff',
        step: 1,
        from: 'triage',
        to: 'refunds',
        payload: { order_id: 'A-1', amount: 40 },
      },
      { kind: 'agent_turn', step: 1, agent: 'refunds' },
      { kind: 'tool_call', step: 1, tool: 'issue_refund', agent: 'refunds' },
      { kind: 'effect', step: 1, effect: 'refund', key: 'A-1', agent: 'refunds' },
    ]);
  });

  it('reads a final output that asks nothing as no question', async () => {
    const adapter = scriptedAdapter({
      plain: { steps: [[say('Triage Agent', 'Your refund is on its way.')]] },
    });

    const run = await withAdapter(adapter, () =>
      runInScope(adapter, deskCase('plain', [refundSteps[0]])),
    );

    expect(eventsOf(run.spans)).toEqual([{ kind: 'agent_turn', step: 0, agent: 'triage' }]);
  });

  it('places every mapped span under its step span, not by time', async () => {
    const adapter = scriptedAdapter({ refund: refundScript });

    const { spans } = await withAdapter(adapter, () =>
      runInScope(adapter, deskCase('refund', refundSteps)),
    );
    const index = new SpanIndex(spans);
    const sdkSpans = spans.filter((s) => s.attributes['openai_agents.span.type'] !== undefined);

    expect(sdkSpans.length).toBeGreaterThan(5);
    for (const span of sdkSpans) {
      expect(index.nearest(span, SpanIndex.stepIndexOf)).toBeTypeOf('number');
    }
  });

  it('carries the conversation over and starts the next turn from the agent that ended the last', async () => {
    const models: ScriptedModel[] = [];
    const adapter = scriptedAdapter(
      {
        three: {
          steps: [...refundScript.steps, [say('Refund Agent', 'Anything else?')]],
        },
      },
      models,
    );
    const steps = [...refundSteps, { kind: 'customer', text: 'Thanks!' }] as const;

    await withAdapter(adapter, () => runInScope(adapter, deskCase('three', steps)));
    const last = models[0]?.calls.at(-1);

    expect(last?.agent).toBe('Refund Agent');
    expect(JSON.stringify(last?.request.input)).toContain('My blender broke');
    expect(JSON.stringify(last?.request.input)).toContain('Thanks!');
  });

  it('starts at the agent the case enters at', async () => {
    const adapter = scriptedAdapter({
      direct: { steps: [[say('Refund Agent', 'Which order?')]] },
    });

    const run = await withAdapter(adapter, () =>
      runInScope(adapter, deskCase('direct', [refundSteps[0]], 'refunds')),
    );

    expect(eventsOf(run.spans)).toEqual([
      { kind: 'agent_turn', step: 0, agent: 'refunds' },
      { kind: 'question', step: 0, by: 'refunds', to: 'customer', text: 'Which order?' },
    ]);
  });

  it('hands the work back from a person who holds it when their decision arrives', async () => {
    const adapter = scriptedAdapter({
      escalated: {
        steps: [
          [
            handoffTo('Triage Agent', 'Refund Agent', { order_id: 'A-7', amount: 750 }),
            call('Refund Agent', 'escalate_to_supervisor', { order_id: 'A-7', amount: 750 }),
            say('Refund Agent', 'Asking my supervisor.'),
          ],
          [
            call('Refund Agent', 'issue_refund', { order_id: 'A-7', amount: 750 }),
            say('Refund Agent', 'Approved and refunded.'),
          ],
        ],
      },
    });
    const steps = [
      { kind: 'customer', text: 'Refund A-7, 750 euro.' },
      { kind: 'person', who: 'supervisor', decision: 'approve', note: 'ok' },
    ] as const;

    const run = await withAdapter(adapter, () => runInScope(adapter, deskCase('escalated', steps)));

    expect(eventsOf(run.spans, adapter.toolEffects).filter((e) => e.kind !== 'agent_turn')).toEqual(
      [
        {
          kind: 'handoff',
          step: 0,
          from: 'triage',
          to: 'refunds',
          payload: { order_id: 'A-7', amount: 750 },
        },
        {
          kind: 'handoff',
          step: 0,
          from: 'refunds',
          to: 'supervisor',
          payload: { order_id: 'A-7', amount: 750 },
        },
        {
          kind: 'handoff',
          step: 1,
          from: 'supervisor',
          to: 'refunds',
          payload: { order_id: 'A-7', amount: 750, decision: 'approve', note: 'ok' },
        },
        { kind: 'tool_call', step: 1, tool: 'issue_refund', agent: 'refunds' },
        { kind: 'effect', step: 1, effect: 'refund', key: 'A-7', agent: 'refunds' },
      ],
    );
  });

  it('keeps concurrent cases apart: each gets the spans of its own runs', async () => {
    const adapter = scriptedAdapter({ a: refundScript, b: refundScript });

    const [a, b] = await withAdapter(adapter, () =>
      Promise.all([
        runInScope(adapter, deskCase('a', refundSteps)),
        runInScope(adapter, deskCase('b', refundSteps)),
      ]),
    );

    expect(eventsOf(a.spans)).toEqual(eventsOf(b.spans));
    expect(eventsOf(a.spans).filter((e) => e.kind === 'handoff')).toHaveLength(1);
  });
});

describe('the openai-agents adapter when things go wrong', () => {
  it('fails the case with the SDK refusal when handoff arguments break the inputType', async () => {
    const adapter = scriptedAdapter({
      bad: { steps: [[handoffTo('Triage Agent', 'Refund Agent', { amount: 40 })]] },
    });

    const run = await withAdapter(adapter, () =>
      runInScope(adapter, deskCase('bad', [refundSteps[0]])),
    );

    expect(run.error).toMatchObject({ code: 'adapter.run' });
    expect((run.error as Error).message).toBe(
      "Failed to run step 0 of case bad: the agents run failed with ModelBehaviorError: Invalid JSON provided (the SDK refused Triage Agent's handoff: its arguments did not match the handoff's inputType).",
    );
    // What happened before the refusal is still recorded, and no handoff is.
    expect(eventsOf(run.spans)).toEqual([{ kind: 'agent_turn', step: 0, agent: 'triage' }]);
  });

  it('fails the case when the scripted model is left with replies', async () => {
    const adapter = scriptedAdapter({
      left: { steps: [[say('Triage Agent', 'Hi'), say('Triage Agent', 'Bye')]] },
    });

    const run = await withAdapter(adapter, () =>
      runInScope(adapter, deskCase('left', [refundSteps[0]])),
    );

    expect(run.error).toMatchObject({ name: 'ScriptedModelError', code: 'unconsumed_replies' });
  });

  it('refuses an app that names no model rather than calling OpenAI', async () => {
    const adapter = createOpenAiAgentsAdapter({ path: './no-model-app.ts', options: {} }, SUITE);

    const run = await withAdapter(adapter, () =>
      runInScope(adapter, deskCase('x', [refundSteps[0]])),
    );

    expect(run.error).toBeInstanceOf(BatonError);
    expect((run.error as Error).message).toMatch(
      /^Failed to start the agents app \.\/no-model-app\.ts for case x: it names no model\./,
    );
  });

  it('names the case entry it cannot find among the agents', async () => {
    const adapter = scriptedAdapter({ x: refundScript });

    const run = await withAdapter(adapter, () =>
      runInScope(adapter, deskCase('x', [refundSteps[0]], 'billing')),
    );

    expect((run.error as Error).message).toBe(
      'Failed to start case x: it enters at billing, but the agents of ./scripted-app.ts are triage, refunds. Rename the agent, or map SDK names to participants with adapter.options.agent_names.',
    );
  });

  it('reports a bad adapter option with its field', () => {
    const create = () =>
      createOpenAiAgentsAdapter(
        { path: './scripted-app.ts', options: { escalations: { escalate: 3 } } },
        SUITE,
      );

    expect(create).toThrow(BatonError);
    expect(create).toThrow(/adapter\.options in .*suite\.yaml: escalations\.escalate: /);
  });

  it('reports a module without a factory when set up', async () => {
    const adapter = createOpenAiAgentsAdapter({ path: './desk.ts', options: {} }, SUITE);

    await expect(adapter.setup?.()).rejects.toThrow(
      'Failed to load the agents app ./desk.ts: it exports no factory.',
    );
  });

  it('turns tracing back off after the last adapter tears down (it is off under vitest)', async () => {
    const adapter = scriptedAdapter({ refund: refundScript });
    const disabled = () =>
      getGlobalTraceProvider().createTrace({ name: 'probe' }) instanceof NoopTrace;

    await adapter.setup?.();
    const during = disabled();
    await adapter.teardown?.();

    expect([during, disabled()]).toEqual([false, true]);
  });
});
