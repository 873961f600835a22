import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BatonError } from '../../errors.ts';
import { suiteCases } from '../suite-cases.ts';
import { deskCase, runInScope } from './fixtures/run-in-scope.ts';
import { createOpenAiAgentsAdapter } from './openai-agents-adapter.ts';
import { type Script, say } from './scripted-reply.ts';

// Mistakes every case would repeat are reported once, when the adapter is set up for a suite.
const SUITE = join(resolve('src/adapters/openai-agents/fixtures/apps'), 'suite.yaml');
const steps = [{ kind: 'customer', text: 'My blender broke.' }] as const;
const hello: Script = { steps: [[say('Triage Agent', 'Hello.')]] };
const suiteLines = (path: readonly (string | number)[]) => (path.length === 2 ? 6 : 4);

function adapterFor(options: Record<string, unknown>, ids: string[]) {
  const cases = suiteCases(ids.map((id) => deskCase(id, steps)));
  return createOpenAiAgentsAdapter({ path: './scripted-app.ts', options }, SUITE, {
    ...(cases && { cases }),
    lineOf: suiteLines,
  });
}

async function setupError(adapter: ReturnType<typeof adapterFor>): Promise<unknown> {
  try {
    await adapter.setup?.();
  } catch (error) {
    return error;
  }
  await adapter.teardown?.();
  return undefined;
}

describe('the openai-agents adapter set up for a suite', () => {
  it('reports cases entering at an agent the graph lacks once, with the suite line and a fix', async () => {
    const adapter = adapterFor({ scripts: { a: hello, b: hello } }, ['a', 'b']);

    const error = await setupError(adapter);

    expect(error).toBeInstanceOf(BatonError);
    expect((error as BatonError).message).toBe(
      'Failed to start the agents app ./scripted-app.ts: the cases enter at triage (2 cases: a, b), but its agents are Triage Agent, Refund Agent.',
    );
    expect((error as BatonError).problems).toMatchObject([
      {
        file: expect.stringMatching(/suite\.yaml$/),
        line: 6,
        path: 'adapter.options',
        message: 'no agent of ./scripted-app.ts is named triage',
      },
    ]);
  });

  it('sets up when every case enters at an agent of the graph, and the cases run', async () => {
    const names = { 'Triage Agent': 'triage', 'Refund Agent': 'refunds' };
    const adapter = adapterFor({ agent_names: names, scripts: { a: hello } }, ['a']);

    await adapter.setup?.();
    const run = await runInScope(adapter, deskCase('a', steps)).finally(() => adapter.teardown?.());

    expect(run.error).toBeUndefined();
  });

  it('leaves a factory that throws for the first case to that case: the throw may be its own', async () => {
    const names = { 'Triage Agent': 'triage', 'Refund Agent': 'refunds' };
    // The fixture's factory throws for a case it has no script for: here the first one.
    const adapter = adapterFor({ agent_names: names, scripts: { b: hello } }, ['a', 'b']);

    expect(await setupError(adapter)).toBeUndefined();
  });
});
