import { join, resolve } from 'node:path';
import { getGlobalTraceProvider } from '@openai/agents';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { deskCase, eventsOf, runInScope } from './fixtures/run-in-scope.ts';
import { createOpenAiAgentsAdapter } from './openai-agents-adapter.ts';
import { handoffTo, say } from './scripted-reply.ts';

const APPS = resolve('src/adapters/openai-agents/fixtures/apps');
const SUITE = join(APPS, 'suite.yaml');
const BASE_URL = 'https://responses.test/v1';

/** A Responses API body whose output is `output` (the shape the OpenAI client parses). */
function responseBody(id: string, output: unknown[]) {
  return {
    id,
    object: 'response',
    created_at: 1_700_000_000,
    status: 'completed',
    model: 'gpt-test',
    output,
    usage: {
      input_tokens: 10,
      output_tokens: 5,
      total_tokens: 15,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens_details: { reasoning_tokens: 0 },
    },
  };
}

const functionCall = (name: string, args: object, n: number) => ({
  type: 'function_call',
  id: `fc_${n}`,
  call_id: `call_${n}`,
  name,
  arguments: JSON.stringify(args),
  status: 'completed',
});

const message = (text: string) => ({
  type: 'message',
  id: 'msg_1',
  role: 'assistant',
  status: 'completed',
  content: [{ type: 'output_text', text, annotations: [] }],
});

const requests: { url: string; body: string }[] = [];
const server = setupServer();

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', async ({ request }) => {
    requests.push({ url: request.url, body: await request.clone().text() });
  });
});
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
  vi.unstubAllEnvs();
});
afterAll(() => server.close());

describe('the openai-agents adapter on the OpenAI Responses API answered by msw', () => {
  it('maps the handoff the model made, with its arguments, and the refund it triggered', async () => {
    const replies = [
      [functionCall('transfer_to_Refund_Agent', { order_id: 'A-9', amount: 30 }, 1)],
      [functionCall('issue_refund', { order_id: 'A-9', amount: 30 }, 2)],
      [message('Refunded.')],
    ];
    server.use(
      http.post(`${BASE_URL}/responses`, () =>
        HttpResponse.json(responseBody(`resp_${replies.length}`, replies.shift() ?? [])),
      ),
    );
    const adapter = createOpenAiAgentsAdapter(
      {
        path: './responses-app.ts',
        options: {
          base_url: BASE_URL,
          agent_names: { 'Triage Agent': 'triage', 'Refund Agent': 'refunds' },
          effects: { tools: ['issue_refund'] },
        },
      },
      SUITE,
    );

    await adapter.setup?.();
    const run = await runInScope(
      adapter,
      deskCase('msw', [{ kind: 'customer', text: 'Refund A-9, 30 euro.' }]),
    );
    await adapter.teardown?.();

    expect(run.error).toBeUndefined();
    expect(eventsOf(run.spans, adapter.toolEffects).filter((e) => e.kind !== 'agent_turn')).toEqual(
      [
        {
          kind: 'handoff',
          step: 0,
          from: 'triage',
          to: 'refunds',
          payload: { order_id: 'A-9', amount: 30 },
        },
        { kind: 'tool_call', step: 0, tool: 'issue_refund', agent: 'refunds' },
        { kind: 'effect', step: 0, effect: 'issue_refund', key: 'A-9', agent: 'refunds' },
      ],
    );
    expect(requests.map((r) => r.url)).toEqual(Array(3).fill(`${BASE_URL}/responses`));
    expect(
      JSON.parse(requests[0]?.body ?? '{}').tools.map((t: { name: string }) => t.name),
    ).toEqual(['transfer_to_Refund_Agent']);
  });
});

describe('traces never go to OpenAI', () => {
  it('undoes an app that installs the OpenAI exporter, and posts no trace, even with an API key', async () => {
    vi.stubEnv('OPENAI_API_KEY', 'sk-test');
    const adapter = createOpenAiAgentsAdapter(
      {
        path: './exporter-app.ts',
        options: {
          agent_names: { 'Triage Agent': 'triage', 'Refund Agent': 'refunds' },
          scripts: {
            x: {
              steps: [
                [
                  handoffTo('Triage Agent', 'Refund Agent', { order_id: 'A-1', amount: 5 }),
                  say('Refund Agent', 'Done.'),
                ],
              ],
            },
          },
        },
      },
      SUITE,
    );

    await adapter.setup?.();
    const run = await runInScope(adapter, deskCase('x', [{ kind: 'customer', text: 'Refund' }]));
    await adapter.teardown?.();
    await getGlobalTraceProvider().forceFlush();

    expect(eventsOf(run.spans).filter((e) => e.kind === 'handoff')).toHaveLength(1);
    expect(requests).toEqual([]);
  });
});
