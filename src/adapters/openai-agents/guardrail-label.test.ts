import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCapture } from '../../capture/capture.ts';
import type { ExpectedGuardrail } from '../../model/labelled-case.ts';
import type { Step } from '../../model/step.ts';
import { judgeOneCase } from '../test-support.ts';
import { deskCase } from './fixtures/run-in-scope.ts';
import { createOpenAiAgentsAdapter } from './openai-agents-adapter.ts';
import { type Script, say } from './scripted-reply.ts';

// A case that means a guardrail to trip (expect.guardrail), on the real @openai/agents driven
// offline by Baton's scripted model: the trip it expects is its pass.
const SUITE = join(resolve('src/adapters/openai-agents/fixtures/apps'), 'suite.yaml');

const customer = (text: string): Step => ({ kind: 'customer', text });
const greeting = customer('Hello, where is my order?');

async function judged(steps: readonly Step[], script: Script, guardrail?: ExpectedGuardrail) {
  const adapter = createOpenAiAgentsAdapter(
    {
      path: './guarded-app.ts',
      options: { agent_names: { 'Triage Agent': 'triage' }, scripts: { abuse: script } },
    },
    SUITE,
  );
  const testCase = deskCase('abuse', steps);
  const labels = { handoffs: [], ...(guardrail && { guardrail }) };
  const result = await judgeOneCase(adapter, { ...testCase, labels }, createCapture(), 10_000);
  const failed = result.findings.filter((f) => f.outcome !== 'pass');
  return { result, failed: failed.map((f) => `${f.code}@${f.step}: ${f.message}`) };
}

describe('a case that expects a guardrail to trip, on the openai-agents adapter', () => {
  it('passes when the named guardrail stops the abusive message at the labelled step', async () => {
    const { result, failed } = await judged(
      [greeting, customer('You idiot, give me my money.')],
      { steps: [[say('Triage Agent', 'It ships tomorrow.')], []] },
      { name: 'abuse_filter', window: [1, 1] },
    );

    expect(failed).toEqual([]);
    expect(result.status).toBe('pass');
  });

  it('passes with `any` guardrail', async () => {
    const { result } = await judged([customer('You idiot.')], { steps: [[]] }, {});

    expect(result.status).toBe('pass');
  });

  it('fails with case.guardrail_not_tripped when the message got through', async () => {
    const { result, failed } = await judged(
      [greeting, customer('You are not very helpful.')],
      {
        steps: [
          [say('Triage Agent', 'It ships tomorrow.')],
          [say('Triage Agent', 'Sorry to hear that.')],
        ],
      },
      { name: 'abuse_filter', window: [1, 1] },
    );

    expect(result.status).toBe('fail');
    expect(failed).toEqual([
      'case.guardrail_not_tripped@1: the case expects the guardrail abuse_filter to trip at step 1; none tripped and the run went on to its end',
    ]);
  });

  it('fails when another guardrail than the one named trips', async () => {
    const { failed } = await judged(
      [customer('My card number is 4111, you idiot.')],
      { steps: [[]] },
      { name: 'pii_filter' },
    );

    // Both trip; the SDK stops the run on the first of the agent's list, abuse_filter.
    expect(failed).toEqual([
      'case.guardrail_tripped@0: the guardrail abuse_filter tripped at step 0 and the SDK stopped the run: Input guardrail triggered: {"word":"idiot"}; the case expects the guardrail pii_filter to trip',
      'case.guardrail_not_tripped@0: the case expects the guardrail pii_filter to trip; the guardrail abuse_filter tripped at step 0 instead',
    ]);
  });

  it('still fails a trip the case does not expect', async () => {
    const { failed } = await judged([customer('You idiot.')], { steps: [[]] });

    expect(failed).toEqual([
      'case.guardrail_tripped@0: the guardrail abuse_filter tripped at step 0 and the SDK stopped the run: Input guardrail triggered: {"word":"idiot"}',
    ]);
  });
});
