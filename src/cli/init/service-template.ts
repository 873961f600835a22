/** `baton/service.mjs` as `baton init --adapter http` writes it: a service to replace. */
export const SERVICE_TEMPLATE = `import { createServer } from 'node:http';

/**
 * Stands in for your service (adapter: { type: http } in suite.yaml): Baton starts it with
 * PORT set, waits until it answers, then POSTs each step of a case to /turn as JSON,
 * { run_id, entry, step }, run_id naming the conversation. Its answer says whether the work
 * moved: { reply, handoff: { to, reason } }, which the suite reads with decision: { from: response }.
 * Point the suite's adapter at your own service (url, start), or export your spans to Baton
 * instead (node_modules/baton-handoffs/docs/adapters/http.md).
 */
const owners = new Map(); // run_id → the agent that holds the conversation

createServer(async (request, response) => {
  if (request.method !== 'POST' || request.url !== '/turn') {
    response.end('ok'); // what Baton polls until the service is ready
    return;
  }
  let body = '';
  for await (const chunk of request) body += chunk;
  const { run_id, entry, step } = JSON.parse(body);
  const owner = owners.get(run_id) ?? entry;
  const text = step.kind === 'customer' ? step.text : '';
  let answer = { reply: 'How can I help?' };
  if (owner === 'triage' && /refund|money back/i.test(text)) {
    owners.set(run_id, 'refunds');
    answer = {
      reply: 'Passing you to our refunds team.',
      handoff: { to: 'refunds', reason: 'capability_boundary' },
    };
  }
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(answer));
}).listen(Number(process.env.PORT), '127.0.0.1');
`;
