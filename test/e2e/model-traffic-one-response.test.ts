import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readReport, runCli, tempDir } from './helpers.ts';

// A support desk on the real @anthropic-ai/sdk, against a Messages API the app module serves on
// loopback, with no spans of its own: Baton reads the handoffs from the model traffic and fakes
// the payments API. Refunds pays and hands the work back to triage in ONE model response; the
// app carries the calls out in the order the model listed them.

const SDK = import.meta.resolve('@anthropic-ai/sdk');

const APP = `import { createServer } from 'node:http';
import Anthropic from ${JSON.stringify(SDK)};

const toolUse = (id, name, input) => ({ type: 'tool_use', id, name, input });
const message = (content) => ({
  id: 'msg_' + Math.random().toString(36).slice(2), type: 'message', role: 'assistant',
  model: 'claude-test', content, stop_reason: content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn',
  stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 },
});

/** The model: triage hands a refund to refunds; refunds pays and hands back; triage closes. */
function answer(body, order) {
  const agent = body.system.replace('You are ', '');
  const first = body.messages.length === 1;
  if (agent === 'triage' && first && !body.messages[0].content.startsWith('{'))
    return message([toolUse('toolu_1', 'handoff_to_refunds', { order_id: 'A-1', amount: 40 })]);
  if (agent === 'refunds' && first) {
    const pay = toolUse('toolu_2', 'issue_refund', { order_id: 'A-1' });
    const back = toolUse('toolu_3', 'handoff_to_triage', { order_id: 'A-1', summary: 'refunded' });
    if (order === 'back_alone') return message([back]);
    return message(order === 'back_first' ? [back, pay] : [pay, back]);
  }
  return message([{ type: 'text', text: 'Your refund is done.' }]);
}

export default async function createImplementation(options) {
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer(JSON.parse(text), options.order)));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = new Anthropic({ apiKey: 'offline', maxRetries: 0, baseURL: 'http://127.0.0.1:' + server.address().port });
  const pay = (order_id) =>
    fetch('https://payments.test/refunds', { method: 'POST', body: JSON.stringify({ order_id }) });
  return {
    startCase: () => ({
      async handle(step) {
        if (step.kind !== 'customer') return;
        let agent = 'triage';
        let messages = [{ role: 'user', content: step.text }];
        for (let turn = 0; turn < 6; turn++) {
          const reply = await client.messages.create({ model: 'claude-test', max_tokens: 100, system: 'You are ' + agent, messages });
          const uses = reply.content.filter((b) => b.type === 'tool_use');
          if (uses.length === 0) return;
          let next;
          for (const use of uses) {
            if (use.name === 'issue_refund') await pay(use.input.order_id);
            else next = { agent: use.name.slice('handoff_to_'.length), input: use.input };
          }
          // The bug this desk can have: refunds pays on its own after handing the work back.
          if (options.order === 'back_alone' && agent === 'refunds') await pay('A-1');
          agent = next.agent;
          messages = [{ role: 'user', content: JSON.stringify(next.input) }];
        }
      },
    }),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
`;

const CASE = `id: refund-and-hand-back
title: Refunds pays and hands the work back to triage
source: synthetic
participants: { agents: [triage, refunds] }
steps:
  - customer: "Please refund order A-1, 40 euro."
expect:
  handoffs:
    - { from: triage, to: refunds, at: 0 }
  effects:
    - { effect: refund, key: A-1, owner: refunds, times: 1 }
`;

const suite = (order: string) => `name: one-response-${order}
cases: { include: [case.yaml] }
adapter: { type: module, path: app.mjs, options: { order: ${order} } }
model_traffic: {}
effects:
  endpoints:
    - { name: refund, method: POST, url: https://payments.test/refunds, identity: { body: order_id }, owner: refunds }
  allow_hosts: [127.0.0.1]
`;

let dir: { path: string; remove: () => Promise<void> };
beforeAll(async () => {
  dir = await tempDir();
  await writeFile(join(dir.path, 'app.mjs'), APP);
  await writeFile(join(dir.path, 'case.yaml'), CASE);
  for (const order of ['pay_first', 'back_first', 'back_alone'])
    await writeFile(join(dir.path, `${order}.yaml`), suite(order));
});
afterAll(() => dir.remove());

async function failures(order: string) {
  const out = join(dir.path, `out-${order}`);
  const result = await runCli(['run', `${order}.yaml`, '--out', out], {
    cwd: dir.path,
    killAfterMs: 60_000,
  });
  const report = await readReport(join(out, 'report.json'));
  const failed = report.cases.flatMap((c) =>
    c.findings.filter((f) => f.outcome === 'fail').map((f) => f.code),
  );
  return { code: result.code, failed, stderr: result.stderr };
}

describe('baton run: a model response that pays and hands back at once (model_traffic)', () => {
  for (const order of ['pay_first', 'back_first'])
    it(`passes whichever call the model listed first (${order})`, async () => {
      expect(await failures(order)).toMatchObject({ code: 0, failed: [] });
    }, 70_000);

  it('still fails a refund made after a response that only handed back', async () => {
    const { code, failed } = await failures('back_alone');
    expect(code).toBe(1);
    expect(failed).toContain('effect.after_release');
  }, 70_000);
});
