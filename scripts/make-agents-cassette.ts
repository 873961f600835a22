/**
 * Writes examples/openai-agents/cassette/responses.cassette.json: what the OpenAI Responses API
 * would answer the careful desk in two cases, so that example's suite.yaml can replay them
 * through Baton's cassette layer with no network. The answers are synthetic (the same decisions
 * as the example's scripts.ts, as Responses API bodies); the requests
 * are the real ones the SDK sends, captured here with msw. With an API key you would record
 * instead: `cassette: { mode: record }` in suite.yaml, then `baton run`.
 *
 *   node bin/run-ts.mjs scripts/make-agents-cassette.ts
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { OPENAI_MODEL } from '../examples/openai-agents/app.ts';
import { deskCase, runInScope } from '../src/adapters/openai-agents/fixtures/run-in-scope.ts';
import { createOpenAiAgentsAdapter } from '../src/adapters/openai-agents/openai-agents-adapter.ts';
import type { CassetteEntry } from '../src/effects/cassette/format.ts';
import { serializeCassette } from '../src/effects/cassette/format.ts';

const RESPONSES_URL = 'https://api.openai.com/v1/responses';

const call = (n: string, name: string, args: object) => ({
  type: 'function_call',
  id: `fc_${n}`,
  call_id: `call_${n}`,
  name,
  arguments: JSON.stringify(args),
  status: 'completed',
});
const message = (n: string, text: string) => ({
  type: 'message',
  id: `msg_${n}`,
  role: 'assistant',
  status: 'completed',
  content: [{ type: 'output_text', text, annotations: [] }],
});

/** Per case: its steps, and the model's answer to each request, in order. */
const CASES = {
  'oa-refund-up-front': {
    steps: [
      'Refund please: order A-2002, the headphones were 60 euro and arrived damaged.',
    ] as const,
    answers: [
      call('1', 'transfer_to_refunds', { order_id: 'A-2002', amount: 60, reason: 'damaged' }),
      call('2', 'issue_refund', { order_id: 'A-2002', amount: 60 }),
      message('3', 'Refunded 60 euro for the headphones.'),
    ],
  },
  'oa-billing-double-charge': {
    steps: ['I was charged twice on invoice INV-2291. Can you fix that?'] as const,
    answers: [
      call('1', 'transfer_to_billing', { topic: 'double_charge', invoice_id: 'INV-2291' }),
      message('2', 'I see the duplicate charge on INV-2291; it will be reversed in 3 days.'),
    ],
  },
};

function responseBody(id: string, output: object) {
  const usage = {
    input_tokens: 100,
    output_tokens: 20,
    total_tokens: 120,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens_details: { reasoning_tokens: 0 },
  };
  return {
    id,
    object: 'response',
    created_at: 1_764_000_000,
    status: 'completed',
    model: OPENAI_MODEL,
    output: [output],
    usage,
  };
}

const entries: CassetteEntry[] = [];
const server = setupServer();
server.listen({ onUnhandledRequest: 'error' });
const adapter = createOpenAiAgentsAdapter(
  { path: '../app.ts', options: { model: 'openai' } },
  fileURLToPath(new URL('../examples/openai-agents/cassette/suite.yaml', import.meta.url)),
);
await adapter.setup?.();
for (const [id, { steps, answers }] of Object.entries(CASES)) {
  const queue = [...answers];
  server.resetHandlers(
    http.post(RESPONSES_URL, async ({ request }) => {
      const answer = queue.shift();
      if (answer === undefined) throw new Error(`${id}: more requests than answers`);
      const body = responseBody(`resp_${id}_${answers.length - queue.length}`, answer);
      entries.push({
        case: id,
        request: {
          method: 'POST',
          url: RESPONSES_URL,
          headers: {},
          body: { json: await request.json() },
        },
        response: {
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: { json: body },
        },
      });
      return HttpResponse.json(body);
    }),
  );
  const run = await runInScope(
    adapter,
    deskCase(
      id,
      steps.map((text) => ({ kind: 'customer', text })),
    ),
  );
  if (run.error !== undefined || queue.length > 0)
    throw run.error ?? new Error(`${id}: answers left`);
}
await adapter.teardown?.();
server.close();
const file = fileURLToPath(
  new URL('../examples/openai-agents/cassette/responses.cassette.json', import.meta.url),
);
await writeFile(file, serializeCassette(entries), 'utf8');
process.stdout.write(`wrote ${entries.length} entries to ${file}\n`);
