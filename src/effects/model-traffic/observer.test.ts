import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bodyOf, type Call, type Shape } from '../../../test/fixtures/model-traffic/shapes.ts';
import type { CaseContext } from '../../adapters/adapter.ts';
import { CassetteConfig } from '../../model/effects-config.ts';
import type { Case } from '../../model/labelled-case.ts';
import { ModelTrafficConfig } from '../../model/model-traffic-config.ts';
import { handoffsOf, type Timeline } from '../../model/timeline.ts';
import { normalize } from '../../normalize/normalize.ts';
import { emitHandoff } from '../../public/conventions.ts';
import { asAgent, localServer, runCase, testCase } from '../test-support.ts';
import { type HttpEffectsOptions, withHttpEffects } from '../with-http-effects.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'baton-model-traffic-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const research: Case = {
  ...testCase('research'),
  agents: ['researcher', 'writer'],
  entry: 'researcher',
};
const findings = {
  goal: 'a brief on heat pumps',
  findings: [{ claim: 'c', source_url: 'https://iea.test/1' }],
};

/** A model server on loopback that answers each request with the next body of `script`. */
async function modelServer(script: readonly { shape: Shape; calls: Call[]; text?: string }[]) {
  let n = 0;
  return localServer(() => {
    const next = script[n++ % script.length];
    if (!next) throw new Error('empty script');
    const body = bodyOf(next.shape, next.calls, 9, next.text);
    return { headers: { 'content-type': body.contentType }, body: body.text };
  });
}

type Route = { kind: 'record' } | { kind: 'allow' };

/** Runs one case through the ledger with model_traffic on, the model reached as `route` says. */
async function run(
  host: string,
  route: Route,
  body: (ctx: CaseContext) => Promise<void>,
  traffic: unknown = {},
  c: Case = research,
) {
  const [result] = await runMany(host, route, [{ c, body }], traffic);
  return result ?? [];
}

/** Runs cases concurrently through one ledger; each case's handoffs as the timeline has them. */
async function runMany(
  host: string,
  route: Route,
  cases: readonly { c: Case; body: (ctx: CaseContext) => Promise<void> }[],
  traffic: unknown = {},
) {
  const timelines = await runTimelines(host, route, cases, traffic);
  return timelines.map((t) =>
    handoffsOf(t).map((h) => ({ from: h.from, to: h.to, step: h.step, payload: h.payload })),
  );
}

/** Runs cases concurrently through one ledger with model_traffic on: each case's timeline. */
async function runTimelines(
  host: string,
  route: Route,
  cases: readonly { c: Case; body: (ctx: CaseContext) => Promise<void> }[],
  traffic: unknown = {},
): Promise<Timeline[]> {
  const options: HttpEffectsOptions = {
    suiteFaults: [],
    suiteDir: dir,
    modelTraffic: ModelTrafficConfig.parse(traffic),
    ...(route.kind === 'record'
      ? { cassette: CassetteConfig.parse({ file: 'model.json', mode: 'record', hosts: [host] }) }
      : { effects: { endpoints: [], allow_hosts: [host] } }),
  };
  const adapter = withHttpEffects(
    {
      name: 'test',
      async runCase(c, ctx) {
        await cases.find((x) => x.c.id === c.id)?.body(ctx);
        return undefined;
      },
    },
    options,
  );
  await adapter.setup?.();
  try {
    const results = await Promise.all(cases.map(({ c }) => runCase(adapter, c)));
    return results.map((result) => {
      if (result.error) throw result.error;
      return normalize(result.spans);
    });
  } finally {
    await adapter.teardown?.();
  }
}

const inStep0 = (body: () => Promise<unknown>) => (ctx: CaseContext) =>
  ctx.step(0, async () => {
    await body();
  });

const anthropic = (origin: string) =>
  new Anthropic({ apiKey: 'sk-test', baseURL: origin, maxRetries: 0 });
const ask = {
  model: 'claude-test',
  max_tokens: 100,
  messages: [{ role: 'user' as const, content: 'research heat pumps' }],
};

describe('handoffs in Anthropic Messages traffic', () => {
  for (const route of [{ kind: 'record' }, { kind: 'allow' }] as const)
    it(`reads a tool_use handoff from a JSON and a streamed response (${route.kind})`, async () => {
      const server = await modelServer([
        { shape: 'anthropic-json', calls: [{ name: 'web_search', input: { q: 'heat pumps' } }] },
        { shape: 'anthropic-sse', calls: [{ name: 'handoff_to_writer', input: findings }] },
        { shape: 'anthropic-json', calls: [] },
      ]);
      try {
        const seen = await run(
          server.host,
          route,
          inStep0(async () => {
            const client = anthropic(server.origin);
            await client.messages.create(ask);
            const streamed = await client.messages.stream(ask).finalMessage();
            expect(streamed.content[1]).toMatchObject({
              type: 'tool_use',
              name: 'handoff_to_writer',
            });
            await client.messages.create(ask);
          }),
        );
        expect(seen).toEqual([{ from: 'researcher', to: 'writer', step: 0, payload: findings }]);
      } finally {
        await server.close();
      }
    });

  it('an agent span active around the call names the sender', async () => {
    const server = await modelServer([
      { shape: 'anthropic-json', calls: [{ name: 'handoff_to_writer', input: findings }] },
    ]);
    try {
      const seen = await run(server.host, { kind: 'allow' }, () =>
        asAgent('editor', () => anthropic(server.origin).messages.create(ask)).then(
          () => undefined,
        ),
      );
      expect(seen.map((h) => `${h.from}>${h.to}`)).toEqual(['editor>writer']);
    } finally {
      await server.close();
    }
  });

  it('an agents rule names the sender by the system prompt; the active agent follows it', async () => {
    const server = await modelServer([
      {
        shape: 'anthropic-json',
        calls: [{ name: 'transfer_to_researcher', input: { note: 'more sources' } }],
      },
      { shape: 'anthropic-json', calls: [{ name: 'handoff_to_writer', input: findings }] },
    ]);
    const traffic = { agents: [{ agent: 'writer', system: 'writing specialist' }] };
    try {
      const seen = await run(
        server.host,
        { kind: 'record' },
        inStep0(async () => {
          const client = anthropic(server.origin);
          await client.messages.create({ ...ask, system: 'You are a Writing Specialist.' });
          await client.messages.create(ask);
        }),
        traffic,
      );
      expect(seen.map((h) => `${h.from}>${h.to}`)).toEqual([
        'writer>researcher',
        'researcher>writer',
      ]);
    } finally {
      await server.close();
    }
  });

  it('a handoff the application also traces counts once', async () => {
    const server = await modelServer([
      { shape: 'anthropic-json', calls: [{ name: 'handoff_to_writer', input: findings }] },
    ]);
    try {
      const seen = await run(
        server.host,
        { kind: 'allow' },
        inStep0(async () => {
          await anthropic(server.origin).messages.create(ask);
          emitHandoff({ from: 'researcher', to: 'writer', payload: { traced: true } });
        }),
      );
      expect(seen).toEqual([
        { from: 'researcher', to: 'writer', step: 0, payload: { traced: true } },
      ]);
    } finally {
      await server.close();
    }
  });
});

describe('steps and cases', () => {
  it('places a handoff at the step whose span was active, before what the app did next', async () => {
    const c: Case = {
      ...research,
      steps: [
        { kind: 'customer', text: 'a' },
        { kind: 'customer', text: 'b' },
      ],
    };
    const server = await modelServer([
      { shape: 'anthropic-json', calls: [{ name: 'web_search', input: {} }] },
      { shape: 'anthropic-json', calls: [{ name: 'handoff_to_writer', input: findings }] },
    ]);
    try {
      const seen = await run(
        server.host,
        { kind: 'record' },
        async (ctx) => {
          const client = anthropic(server.origin);
          await ctx.step(0, () => client.messages.create(ask));
          await ctx.step(1, async () => {
            await client.messages.create(ask);
            // What the app does right after the answer comes after the handoff in the timeline.
            emitHandoff({ from: 'writer', to: 'researcher' });
          });
        },
        {},
        c,
      );
      expect(seen.map((h) => `${h.step}:${h.from}>${h.to}`)).toEqual([
        '1:researcher>writer',
        '1:writer>researcher',
      ]);
    } finally {
      await server.close();
    }
  });

  it('concurrent cases each get their own handoffs and their own active agent', async () => {
    const server = await localServer((r) => {
      const to = JSON.parse(r.body).messages[0].content as string;
      const body = bodyOf('anthropic-sse', [{ name: `handoff_to_${to}`, input: { to } }]);
      return { headers: { 'content-type': body.contentType }, body: body.text };
    });
    const say = (to: string) => ({ ...ask, messages: [{ role: 'user' as const, content: to }] });
    const cases = ['a', 'b', 'c'].map((id) => ({
      c: { ...research, id, agents: ['researcher', 'writer', 'editor'] },
      body: inStep0(async () => {
        const client = anthropic(server.origin);
        await client.messages.stream(say(id === 'b' ? 'editor' : 'writer')).finalMessage();
        await client.messages.stream(say('researcher')).finalMessage();
      }),
    }));
    try {
      const seen = await runMany(server.host, { kind: 'allow' }, cases);
      expect(seen.map((hs) => hs.map((h) => `${h.from}>${h.to}`))).toEqual([
        ['researcher>writer', 'writer>researcher'],
        ['researcher>editor', 'editor>researcher'],
        ['researcher>writer', 'writer>researcher'],
      ]);
    } finally {
      await server.close();
    }
  });
});

describe('handoffs in OpenAI traffic', () => {
  it('reads Chat Completions tool_calls and Responses function_call items, JSON and streamed', async () => {
    const c: Case = {
      ...testCase('desk'),
      agents: ['triage', 'billing', 'refunds'],
      entry: 'triage',
    };
    const server = await modelServer([
      { shape: 'chat-json', calls: [{ name: 'transfer_to_billing', input: { invoice: 'INV-1' } }] },
      { shape: 'chat-sse', calls: [{ name: 'transfer_to_refunds', input: { order: 'A-1' } }] },
      { shape: 'responses-sse', calls: [{ name: 'lookup_order', input: { order: 'A-1' } }] },
      { shape: 'responses-json', calls: [{ name: 'transfer_to_triage', input: { done: true } }] },
    ]);
    try {
      const seen = await run(
        server.host,
        { kind: 'allow' },
        inStep0(() => everyOpenAiShape(server.origin)),
        {},
        c,
      );
      expect(seen.map((h) => `${h.from}>${h.to}`)).toEqual([
        'triage>billing',
        'billing>refunds',
        'refunds>triage',
      ]);
      expect(seen[1]?.payload).toEqual({ order: 'A-1' });
    } finally {
      await server.close();
    }
  });
});

/** `agent tool args [outcome]` for each tool call of a timeline. */
const toolsOf = (t: Timeline | undefined) =>
  (t?.events ?? []).flatMap((e) =>
    e.kind === 'tool_call'
      ? [`${e.agent} ${e.tool} ${JSON.stringify(e.args)}${e.outcome ? ` ${e.outcome}` : ''}`]
      : [],
  );
/** `asker → listener: text` for each question of a timeline. */
const questionsOf = (t: Timeline | undefined) =>
  (t?.events ?? []).flatMap((e) => (e.kind === 'question' ? [`${e.by} → ${e.to}: ${e.text}`] : []));

describe('tool calls and questions in model traffic', () => {
  it('records each tool_use that is no handoff; a later tool_result with is_error marks it failed', async () => {
    const server = await modelServer([
      {
        shape: 'anthropic-json',
        calls: [{ name: 'lookup_order', input: { order_id: 'A-1' }, id: 'toolu_a' }],
      },
      {
        shape: 'anthropic-sse',
        calls: [
          { name: 'lookup_order', input: { order_id: 'A-2' }, id: 'toolu_b' },
          { name: 'handoff_to_writer', input: findings, id: 'toolu_h' },
        ],
      },
      { shape: 'anthropic-json', calls: [{ name: 'publish', input: { draft: 1 }, id: 'toolu_c' }] },
    ]);
    try {
      const [timeline] = await runTimelines(server.host, { kind: 'allow' }, [
        {
          c: research,
          body: inStep0(async () => {
            const client = anthropic(server.origin);
            const first = await client.messages.create(ask);
            const failed = {
              role: 'user' as const,
              content: [
                {
                  type: 'tool_result' as const,
                  tool_use_id: 'toolu_a',
                  content: 'No order A-1',
                  is_error: true,
                },
              ],
            };
            const history = [
              ...ask.messages,
              { role: 'assistant' as const, content: first.content },
            ];
            const second = await client.messages
              .stream({ ...ask, messages: [...history, failed] })
              .finalMessage();
            const answered = {
              role: 'user' as const,
              content: [{ type: 'tool_result' as const, tool_use_id: 'toolu_b', content: 'A-2' }],
            };
            // The history again, failure and all: still one call, failed once.
            const later = [
              ...history,
              failed,
              { role: 'assistant' as const, content: second.content },
            ];
            await client.messages.create({ ...ask, messages: [...later, answered] });
          }),
        },
      ]);
      expect(toolsOf(timeline)).toEqual([
        'researcher lookup_order {"order_id":"A-1"} error',
        'researcher lookup_order {"order_id":"A-2"}',
        'writer publish {"draft":1}',
      ]);
      expect(timeline ? handoffsOf(timeline).map((h) => `${h.from}>${h.to}`) : []).toEqual([
        'researcher>writer',
      ]);
    } finally {
      await server.close();
    }
  });

  it('records the final text of a turn as a question when it asks something', async () => {
    const server = await modelServer([
      { shape: 'anthropic-json', calls: [{ name: 'handoff_to_writer', input: findings }] },
      { shape: 'anthropic-sse', calls: [], text: 'Thanks. Could you send me your order number?' },
      { shape: 'anthropic-json', calls: [], text: 'Here is the brief you asked for.' },
      // Text beside a tool call is not the turn's last word.
      {
        shape: 'anthropic-json',
        calls: [{ name: 'web_search', input: {} }],
        text: 'Which year do you mean?',
      },
    ]);
    try {
      const [timeline] = await runTimelines(server.host, { kind: 'record' }, [
        {
          c: research,
          body: inStep0(async () => {
            const client = anthropic(server.origin);
            await client.messages.create(ask);
            await client.messages.stream(ask).finalMessage();
            await client.messages.create(ask);
            await client.messages.create(ask);
          }),
        },
      ]);
      expect(questionsOf(timeline)).toEqual([
        'writer → customer: Thanks. Could you send me your order number?',
      ]);
    } finally {
      await server.close();
    }
  });

  it('reads OpenAI Chat Completions and Responses tool calls and final texts alike', async () => {
    const c: Case = { ...testCase('desk'), agents: ['triage', 'billing'], entry: 'triage' };
    const server = await modelServer([
      { shape: 'chat-json', calls: [{ name: 'lookup_order', input: { order: 'A-1' } }] },
      { shape: 'chat-sse', calls: [], text: 'What is your order number?' },
      { shape: 'responses-sse', calls: [{ name: 'issue_refund', input: { order: 'A-1' } }] },
      { shape: 'responses-json', calls: [], text: 'Could you give me the invoice number?' },
    ]);
    try {
      const [timeline] = await runTimelines(server.host, { kind: 'allow' }, [
        {
          c,
          body: inStep0(() => everyOpenAiShape(server.origin)),
        },
      ]);
      expect(toolsOf(timeline)).toEqual([
        'triage lookup_order {"order":"A-1"}',
        'triage issue_refund {"order":"A-1"}',
      ]);
      expect(questionsOf(timeline)).toEqual([
        'triage → customer: What is your order number?',
        'triage → customer: Could you give me the invoice number?',
      ]);
    } finally {
      await server.close();
    }
  });
});

/** One call of each OpenAI shape, in order: chat JSON, chat streamed, responses streamed, JSON. */
async function everyOpenAiShape(origin: string): Promise<void> {
  const client = new OpenAI({ apiKey: 'sk-test', baseURL: `${origin}/v1`, maxRetries: 0 });
  const messages = [{ role: 'user' as const, content: 'hi' }];
  await client.chat.completions.create({ model: 'gpt-test', messages });
  const stream = await client.chat.completions.create({
    model: 'gpt-test',
    messages,
    stream: true,
  });
  for await (const _ of stream);
  const responses = await client.responses.create({ model: 'gpt-test', input: 'hi', stream: true });
  for await (const _ of responses);
  await client.responses.create({ model: 'gpt-test', input: 'hi' });
}
