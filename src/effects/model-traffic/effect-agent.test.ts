import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { bodyOf, type Call, type Shape } from '../../../test/fixtures/model-traffic/shapes.ts';
import { effectTiming } from '../../checks/effects/effect-timing.ts';
import { EffectsConfig } from '../../model/effects-config.ts';
import type { Case } from '../../model/labelled-case.ts';
import { ModelTrafficConfig } from '../../model/model-traffic-config.ts';
import { normalize } from '../../normalize/normalize.ts';
import { adapterOf, asAgent, localServer, runCase, testCase } from '../test-support.ts';
import { withHttpEffects } from '../with-http-effects.ts';

/**
 * An application with no tracing at all: who made an HTTP effect is read from its model traffic
 * (whose model response came last), so the owner's own effect is not `effect.unowned` and the
 * sender's effect in the turn that hands off is the sender's.
 */

const desk: Case = { ...testCase('desk'), agents: ['researcher', 'writer'], entry: 'researcher' };
const findings = { findings: [{ claim: 'c', source_url: 'https://iea.test/1' }] };

async function modelServer(script: readonly { shape: Shape; calls: Call[] }[]) {
  let n = 0;
  return localServer(() => {
    const next = script[n++ % script.length] as { shape: Shape; calls: Call[] };
    const body = bodyOf(next.shape, next.calls);
    return { headers: { 'content-type': body.contentType }, body: body.text };
  });
}

const publish = (text: string) =>
  fetch('https://cms.test/articles', { method: 'POST', body: JSON.stringify({ slug: text }) });

type Script = readonly { shape: Shape; calls: Call[] }[];

const researchThenHandOff: Script = [
  { shape: 'anthropic-json', calls: [{ name: 'web_search', input: { q: 'heat pumps' } }] },
  { shape: 'anthropic-sse', calls: [{ name: 'handoff_to_writer', input: findings }] },
  { shape: 'anthropic-json', calls: [] },
];

/** The timeline of one case that `app` runs against a researcher → writer model. */
async function caseEvents(
  app: (client: Anthropic) => Promise<void>,
  script: Script = researchThenHandOff,
  testCase: Case = desk,
) {
  const server = await modelServer(script);
  const adapter = withHttpEffects(
    adapterOf(async () => {
      await app(new Anthropic({ apiKey: 'sk-test', baseURL: server.origin, maxRetries: 0 }));
    }),
    {
      suiteFaults: [],
      suiteDir: '.',
      modelTraffic: ModelTrafficConfig.parse({}),
      effects: EffectsConfig.parse({
        endpoints: [
          {
            name: 'publish',
            method: 'POST',
            url: 'https://cms.test/articles',
            identity: { body: 'slug' },
            owner: 'writer',
          },
        ],
        allow_hosts: [server.host],
      }),
    },
  );
  await adapter.setup?.();
  try {
    const result = await runCase(adapter, testCase);
    if (result.error) throw result.error;
    return normalize(result.spans).events;
  } finally {
    await adapter.teardown?.();
    await server.close();
  }
}

/** The agent of each effect of one case that `app` runs against a researcher → writer model. */
async function effectAgents(app: (client: Anthropic) => Promise<void>) {
  return (await caseEvents(app))
    .filter((e) => e.kind === 'effect')
    .map((e) => `${e.key} by ${e.agent}`);
}

const ask = {
  model: 'claude-test',
  max_tokens: 100,
  messages: [{ role: 'user' as const, content: 'research heat pumps' }],
};

describe('HTTP effects of an application with no tracing, under model_traffic', () => {
  it('are the entry’s before any model call, then whose model response came last', async () => {
    const agents = await effectAgents(async (client) => {
      await publish('before');
      await client.messages.create(ask); // the researcher searches
      await publish('searching');
      await client.messages.stream(ask).finalMessage(); // hands off to the writer
      await publish('handing-off'); // still the researcher's turn
      await client.messages.create(ask); // the writer's own call
      await publish('written');
    });
    expect(agents).toEqual([
      'before by researcher',
      'searching by researcher',
      'handing-off by researcher',
      'written by writer',
    ]);
  });

  it('leave what a framework or an agent span names alone', async () => {
    const agents = await effectAgents(async (client) => {
      await client.messages.create(ask);
      await asAgent('writer', () => publish('traced'));
    });
    expect(agents).toEqual(['traced by writer']);
  });
});

describe('one model response that makes several calls, under model_traffic', () => {
  // The researcher publishes and hands off in one response; the app carries the calls out in
  // order, so the publish happens after the response (where the handoff is read).
  const publishAndHandOff: Script = [
    {
      shape: 'anthropic-json',
      calls: [
        { name: 'publish_draft', input: { slug: 'draft' } },
        { name: 'handoff_to_writer', input: findings },
      ],
    },
    { shape: 'anthropic-json', calls: [{ name: 'web_search', input: { q: 'more' } }] },
  ];

  const run = () =>
    caseEvents(async (client) => {
      await client.messages.create(ask); // publish_draft + handoff_to_writer
      await publish('draft'); // carrying out publish_draft
      await client.messages.create(ask); // the writer's own call: one call
      await publish('final');
    }, publishAndHandOff);

  it('puts its calls, and the effects that carry them out, side by side; later ones are not', async () => {
    const events = await run();
    const mark = (kind: string, what: (e: (typeof events)[number]) => string) =>
      events.filter((e) => e.kind === kind).map((e) => `${what(e)} ${e.sideBySide?.batch ?? '-'}`);
    expect(mark('handoff', (e) => (e.kind === 'handoff' ? `${e.from}>${e.to}` : ''))).toEqual([
      'researcher>writer model response 1',
    ]);
    expect(mark('tool_call', (e) => (e.kind === 'tool_call' ? e.tool : ''))).toEqual([
      'publish_draft model response 1',
      'web_search -',
    ]);
    expect(mark('effect', (e) => (e.kind === 'effect' ? `${e.key} by ${e.agent}` : ''))).toEqual([
      'draft by researcher model response 1',
      'final by writer -',
    ]);
  });

  it('leaves effects after a response of handoffs alone in order: they carry out no call of it', async () => {
    const events = await caseEvents(
      async (client) => {
        await client.messages.create(ask); // two handoffs, no tool call
        await publish('after');
      },
      [
        {
          shape: 'anthropic-json',
          calls: [
            { name: 'handoff_to_writer', input: findings },
            { name: 'handoff_to_editor', input: findings },
          ],
        },
      ],
      { ...desk, agents: ['researcher', 'writer', 'editor'] },
    );
    const batches = events
      .filter((e) => e.kind === 'handoff' || e.kind === 'effect')
      .map((e) => `${e.kind} ${e.sideBySide?.batch ?? '-'}`);
    expect(batches).toEqual(['handoff model response 1', 'handoff model response 1', 'effect -']);
  });

  it('is not effect.after_release: the sender published as it handed off', async () => {
    const events = await run();
    expect(effectTiming.run({ events }, desk.labels, {})).toEqual([]);
  });
});
