import { Agent, type AgentInputItem, handoff, Runner, tool } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ScriptedModel } from './scripted-model.ts';
import { ScriptedModelError } from './scripted-model-error.ts';
import { call, handoffTo, type Script, say } from './scripted-reply.ts';

// Agent names with spaces and capitals: the SDK's handoff tool is transfer_to_Refund_Agent.
function desk() {
  const refundTool = tool({
    name: 'issue_refund',
    description: 'Refund an order.',
    parameters: z.object({ order_id: z.string() }),
    execute: ({ order_id }) => `refunded ${order_id}`,
  });
  const refunds = new Agent({ name: 'Refund Agent', tools: [refundTool] });
  const billing = new Agent({ name: 'billing' });
  const triage = new Agent({
    name: 'Triage Agent',
    handoffs: [
      handoff(refunds, { inputType: z.object({ order_id: z.string() }), onHandoff: () => {} }),
      billing,
    ],
  });
  return { triage, refunds };
}

/** Runs the script's steps as turns the way the adapter does: one run per step, history kept. */
async function play(script: Script, steps: number) {
  const model = new ScriptedModel(script);
  const runner = new Runner({ model, tracingDisabled: true });
  runner.on('agent_start', (_ctx, agent) => model.agentStarted(agent));
  let agent: Agent = desk().triage;
  let history: AgentInputItem[] = [];
  for (let i = 0; i < steps; i++) {
    model.beginStep(i);
    const input: AgentInputItem[] = [...history, { role: 'user', content: `step ${i}` }];
    const result = await runner.run(agent, input);
    model.endStep(i);
    history = result.history;
    agent = result.lastAgent ?? agent;
  }
  model.endCase();
  return { model, agent };
}

async function failure(script: Script, steps: number): Promise<ScriptedModelError> {
  const error = await play(script, steps).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ScriptedModelError);
  return error as ScriptedModelError;
}

describe('ScriptedModel', () => {
  it('plays a handoff by agent name, a tool call and text, step by step', async () => {
    const { model, agent } = await play(
      {
        steps: [
          [say('Triage Agent', 'Which order?')],
          [
            handoffTo('Triage Agent', 'Refund Agent', { order_id: 'A-1' }),
            call('Refund Agent', 'issue_refund', { order_id: 'A-1' }),
            say('Refund Agent', 'Refunded.'),
          ],
        ],
      },
      2,
    );

    expect(agent.name).toBe('Refund Agent');
    expect(model.calls.map((c) => [c.step, c.agent])).toEqual([
      [0, 'Triage Agent'],
      [1, 'Triage Agent'],
      [1, 'Refund Agent'],
      [1, 'Refund Agent'],
    ]);
  });

  it('fails on a model call the step has no reply for, naming the step and the agent', async () => {
    const unexpected = await failure(
      { steps: [[handoffTo('Triage Agent', 'Refund Agent', { order_id: 'A-1' })]] },
      1,
    );
    expect(unexpected.code).toBe('unexpected_call');
    expect(unexpected.message).toBe(
      'Scripted model: unexpected model call 2 by agent Refund Agent at step 0: the script has 1 reply for step 0. The last reply was: Triage Agent hands off to Refund Agent. Add a reply, or find why the agent called the model again.',
    );
  });

  it('fails when a step ends with replies unused', async () => {
    const error = await failure(
      { steps: [[say('Triage Agent', 'Hello'), say('Triage Agent', 'Anything else?')]] },
      1,
    );

    expect(error.code).toBe('unconsumed_replies');
    expect(error.message).toBe(
      'Scripted model: step 0 ended with 1 scripted reply unused (the turn ended at agent Triage Agent): Triage Agent says "Anything else?". Remove them from the script, or find why the agents stopped early.',
    );
  });

  it('fails at the end of the case when the script has replies for steps that never ran', async () => {
    const error = await failure(
      { steps: [[say('Triage Agent', 'Hi')], [say('Triage Agent', 'Bye')]] },
      1,
    );

    expect(error.code).toBe('unused_steps');
    expect(error.message).toContain('replies for step 1, which never ran a turn');
  });

  it('fails when another agent than the scripted one calls the model', async () => {
    const error = await failure({ steps: [[say('Refund Agent', 'Hi')]] }, 1);

    expect(error.code).toBe('wrong_agent');
    expect(error.message).toBe(
      "Scripted model: reply 1 of step 0 is for agent Refund Agent, but Triage Agent called the model. Fix the script, or find why Triage Agent holds the conversation. If Refund Agent runs as a tool of Triage Agent (agent.asTool()), the model cannot tell its calls from Triage Agent's: script its replies without an agent name ({ say: … }).",
    );
  });

  it('fails on a handoff the calling agent does not offer, listing the ones it does', async () => {
    const error = await failure({ steps: [[handoffTo('Triage Agent', 'supervisor')]] }, 1);

    expect(error.code).toBe('unknown_handoff');
    expect(error.message).toBe(
      'Scripted model: the script has Triage Agent hand off to supervisor, but Triage Agent offers handoffs to: Refund Agent, billing. Fix the agent name, or add the handoff to the agent.',
    );
  });

  it('fails on a tool the calling agent does not have', async () => {
    const error = await failure({ steps: [[call('Triage Agent', 'issue_refund', {})]] }, 1);

    expect(error.message).toBe(
      'Scripted model: the script has Triage Agent call issue_refund, but Triage Agent offers the tools: none. Fix the tool name, or give the agent that tool.',
    );
  });

  it('refuses streamed runs with a clear error', async () => {
    const model = new ScriptedModel({ steps: [[say('Triage Agent', 'Hi')]] });
    const runner = new Runner({ model, tracingDisabled: true });

    const stream = await runner.run(desk().triage, 'hi', { stream: true });
    await stream.completed.catch(() => undefined);

    expect(stream.error).toBeInstanceOf(ScriptedModelError);
    expect((stream.error as ScriptedModelError).code).toBe('streaming');
  });
});
