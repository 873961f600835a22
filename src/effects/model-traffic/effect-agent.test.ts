import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { bodyOf, type Call, type Shape } from '../../../test/fixtures/model-traffic/shapes.ts';
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

/** The agent of each effect of one case that `app` runs against a researcher → writer model. */
async function effectAgents(app: (client: Anthropic) => Promise<void>) {
  const server = await modelServer([
    { shape: 'anthropic-json', calls: [{ name: 'web_search', input: { q: 'heat pumps' } }] },
    { shape: 'anthropic-sse', calls: [{ name: 'handoff_to_writer', input: findings }] },
    { shape: 'anthropic-json', calls: [] },
  ]);
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
    const result = await runCase(adapter, desk);
    if (result.error) throw result.error;
    return normalize(result.spans)
      .events.filter((e) => e.kind === 'effect')
      .map((e) => `${e.key} by ${e.agent}`);
  } finally {
    await adapter.teardown?.();
    await server.close();
  }
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
