import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCapture } from '../../capture/capture.ts';
import type { Case } from '../../model/labelled-case.ts';
import { normalize } from '../../normalize/normalize.ts';
import { judgeOneCase } from '../test-support.ts';
import { deskCase, runInScope } from './fixtures/run-in-scope.ts';
import { createOpenAiAgentsAdapter } from './openai-agents-adapter.ts';
import { handoffTo, type Script, say } from './scripted-reply.ts';

// Runs the SDK stops as the app's own doing (maxTurns, a guardrail tripwire) are judged, on the
// real @openai/agents driven offline by Baton's scripted model.
const SUITE = join(resolve('src/adapters/openai-agents/fixtures/apps'), 'suite.yaml');
const NAMES = { 'Triage Agent': 'triage', 'Refund Agent': 'refunds' };

function loopingAdapter(scripts: Record<string, Script>, more: Record<string, unknown> = {}) {
  return createOpenAiAgentsAdapter(
    { path: './looping-app.ts', options: { agent_names: NAMES, scripts, ...more } },
    SUITE,
  );
}

/** Triage and refunds hand the work back and forth, four model calls in step 0. */
const pingPong: Script = {
  steps: [
    [
      handoffTo('Triage Agent', 'Refund Agent'),
      handoffTo('Refund Agent', 'Triage Agent'),
      handoffTo('Triage Agent', 'Refund Agent'),
      handoffTo('Refund Agent', 'Triage Agent'),
    ],
    // Never asked for: the case ends at the step the SDK stopped.
    [say('Triage Agent', 'Anything else?')],
  ],
};

const steps = [
  { kind: 'customer', text: 'Refund A-1, please.' },
  { kind: 'customer', text: 'Hello?' },
] as const;

const judged = (adapter: ReturnType<typeof loopingAdapter>, testCase: Case) =>
  judgeOneCase(adapter, testCase, createCapture(), 10_000);

describe('the openai-agents adapter when the SDK stops a run at maxTurns', () => {
  it('records the handoffs before the stop, then a halt in that step, and throws nothing', async () => {
    const adapter = loopingAdapter({ loop: pingPong }, { max_turns: 4 });
    await adapter.setup?.();

    const run = await runInScope(adapter, deskCase('loop', steps)).finally(() =>
      adapter.teardown?.(),
    );

    expect(run.error).toBeUndefined();
    const events = normalize(run.spans).events;
    expect(
      events.flatMap((e) => (e.kind === 'handoff' ? [`${e.from}→${e.to}@${e.step}`] : [])),
    ).toEqual(['triage→refunds@0', 'refunds→triage@0', 'triage→refunds@0', 'refunds→triage@0']);
    const last = events.at(-1);
    expect(last).toMatchObject({
      kind: 'halt',
      step: 0,
      cause: 'turn_limit',
      limit: 4,
      // refunds handed back last: triage was to take the fifth turn.
      agent: 'triage',
      detail: 'Max turns (4) exceeded',
    });
    // Step 1 never ran: its step span is the only trace of it, the case ended at step 0.
    expect(events.filter((e) => e.step === 1 && e.kind !== 'step')).toEqual([]);
  });

  it('judges the case on those spans: it fails with the bounces and case.turn_limit, not an error', async () => {
    const result = await judged(loopingAdapter({ loop: pingPong }, { max_turns: 4 }), {
      ...deskCase('loop', steps),
      labels: {
        handoffs: [{ from: 'triage', to: 'refunds', window: [0, 0], alternatives: [], carry: {} }],
      },
    });

    expect(result.status).toBe('fail');
    expect(result.error).toBeUndefined();
    expect(result.findings.filter((f) => f.outcome !== 'pass').map((f) => f.code)).toEqual([
      'handoff.bounced',
      'handoff.bounced',
      'handoff.bounced',
      'case.turn_limit',
    ]);
    expect(result.findings.at(-1)?.message).toBe(
      "the run hit the SDK's turn limit at step 0 (limit 4) and was stopped unfinished",
    );
  });
});

describe('the openai-agents adapter when a guardrail tripwire stops a run', () => {
  it('judges the case, failing it with case.guardrail_tripped naming the guardrail', async () => {
    const adapter = loopingAdapter({ tripped: { steps: [[]] } }, { guardrail: true });

    const result = await judged(adapter, deskCase('tripped', [steps[0]]));

    expect(result.status).toBe('fail');
    const tripped = result.findings.find((f) => f.code === 'case.guardrail_tripped');
    expect(tripped).toMatchObject({
      outcome: 'fail',
      step: 0,
      observed: { cause: 'guardrail', guardrail: 'no_refund_talk', agent: 'triage' },
      message:
        'the guardrail no_refund_talk tripped at step 0 and the SDK stopped the run: Input guardrail triggered: {"topic":"refund"}',
    });
  });
});

describe('the openai-agents adapter when the run breaks otherwise', () => {
  it('keeps a script the agents outrun an error: no verdict, and a message without class names', async () => {
    const adapter = loopingAdapter({
      short: { steps: [[handoffTo('Triage Agent', 'Refund Agent')]] },
    });

    const result = await judged(adapter, deskCase('short', [steps[0]]));

    expect(result.status).toBe('error');
    expect(result.error?.message).toBe(
      'Failed to run step 0 of case short: the agents run failed in agent Refund Agent: Scripted model: unexpected model call 2 by agent Refund Agent at step 0: the script has 1 reply for step 0. The last reply was: Triage Agent hands off to Refund Agent. Add a reply, or find why the agent called the model again.',
    );
  });
});
