import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rounds, runCase, testCase } from '../../effects/test-support.ts';
import { withHttpEffects } from '../../effects/with-http-effects.ts';
import { EffectsConfig } from '../../model/effects-config.ts';
import type { Case } from '../../model/labelled-case.ts';
import { normalize } from '../../normalize/normalize.ts';
import { createOpenAiAgentsAdapter } from './openai-agents-adapter.ts';
import { call, handoffTo, type Script, say } from './scripted-reply.ts';

const SUITE = join(resolve('src/adapters/openai-agents/fixtures/apps'), 'suite.yaml');

// The README's setup: a refund endpoint owned by refunds; the orders API is reachable as a fake.
const effects = EffectsConfig.parse({
  endpoints: [
    {
      name: 'refund',
      url: 'https://payments.test/refunds',
      identity: { body: 'order_id' },
      owner: 'refunds',
    },
    { name: 'lookup', method: 'GET', url: 'https://orders.test/orders', identity: { query: 'id' } },
  ],
});

/** Triage looks the order up, hands over, and the refund agent pays it back: all by tools that fetch. */
function refundScript(order: string): Script {
  return {
    steps: [
      [
        call('Triage Agent', 'lookup_order', { order_id: order }),
        handoffTo('Triage Agent', 'Refund Agent'),
        call('Refund Agent', 'issue_refund', { order_id: order, amount: 40 }),
        say('Refund Agent', 'Refunded.'),
      ],
    ],
  };
}

function refundCase(id: string): Case {
  return { ...testCase(id), agents: ['triage', 'refunds'] };
}

describe('HTTP effects made inside an Agents SDK tool', () => {
  it('belong to the agent whose tool made them, with several cases running at once', async () => {
    const ids = ['case-a', 'case-b', 'case-c'];
    const adapter = withHttpEffects(
      createOpenAiAgentsAdapter(
        {
          path: './fetching-app.ts',
          options: {
            agent_names: { 'Triage Agent': 'triage', 'Refund Agent': 'refunds' },
            scripts: Object.fromEntries(ids.map((id, i) => [id, refundScript(`A-${i}`)])),
            // Every lookup waits for all three, then every refund does: each tool's request
            // leaves while the other cases' runs are in flight.
            meet: rounds(ids.length, 2),
          },
        },
        SUITE,
      ),
      { effects, suiteFaults: [], suiteDir: '.' },
    );
    await adapter.setup?.();
    let runs: Awaited<ReturnType<typeof runCase>>[];
    try {
      runs = await Promise.all(ids.map((id) => runCase(adapter, refundCase(id))));
    } finally {
      await adapter.teardown?.();
    }

    const seen = runs.map((run) => {
      expect(run.error).toBeUndefined();
      return normalize(run.spans)
        .events.filter((e) => e.kind === 'effect')
        .map((e) => (e.kind === 'effect' ? `${e.effect} ${e.key} by ${e.agent}` : ''));
    });
    expect(seen).toEqual(
      ids.map((_, i) => [`lookup A-${i} by triage`, `refund A-${i} by refunds`]),
    );
  });
});
