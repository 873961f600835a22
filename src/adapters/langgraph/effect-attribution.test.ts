import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { enabledChecks, runChecks } from '../../checks/registry.ts';
import { rounds, runCase } from '../../effects/test-support.ts';
import { withHttpEffects } from '../../effects/with-http-effects.ts';
import { EffectsConfig } from '../../model/effects-config.ts';
import type { Case } from '../../model/labelled-case.ts';
import { normalize } from '../../normalize/normalize.ts';
import { withToolEffects } from '../../normalize/tool-effects.ts';
import type { FetchingScripts } from './fixtures/fetching-app.ts';
import { fetchingEffects as effects } from './fixtures/fetching-effects.ts';
import { createLangGraphAdapter } from './langgraph-adapter.ts';

const SUITE = join(resolve('src/adapters/langgraph/fixtures'), 'suite.yaml');

function scriptFor(order: string): FetchingScripts[string] {
  return {
    triage: [
      { toolCalls: [{ name: 'lookup_order', args: { order_id: order } }] },
      { toolCalls: [{ name: 'transfer_to_refunds', args: { order_id: order } }] },
    ],
    refunds: [
      { toolCalls: [{ name: 'issue_refund', args: { order_id: order, amount: 40 } }] },
      'Refunded.',
    ],
  };
}

function refundCase(id: string, order: string): Case {
  return {
    id,
    title: id,
    source: 'unit test',
    tags: [],
    agents: ['triage', 'refunds'],
    persons: [],
    entry: 'triage',
    steps: [{ kind: 'customer', text: `Refund ${order}, 40 euro.` }],
    labels: {
      handoffs: [
        {
          from: 'triage',
          to: 'refunds',
          window: [0, 0],
          alternatives: [],
          carry: { order_id: order },
        },
      ],
      effects: [{ effect: 'refund', key: order, owner: 'refunds', times: 1 }],
    },
  };
}

describe('HTTP effects made inside a LangGraph tool', () => {
  it('belong to the agent whose node ran the tool, happen after it accepted, with several cases at once', async () => {
    const orders = ['A-0', 'A-1', 'A-2'];
    const ids = orders.map((o) => `case-${o}`);
    const adapter = withHttpEffects(
      createLangGraphAdapter(
        {
          path: './fetching-app.ts',
          options: {
            scripts: Object.fromEntries(ids.map((id, i) => [id, scriptFor(orders[i]!)])),
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
      runs = await Promise.all(ids.map((id, i) => runCase(adapter, refundCase(id, orders[i]!))));
    } finally {
      await adapter.teardown?.();
    }

    runs.forEach((run, i) => {
      expect(run.error).toBeUndefined();
      const timeline = normalize(run.spans);
      const story = timeline.events.flatMap((e) => {
        if (e.kind === 'effect') return [`effect ${e.effect} ${e.key} by ${e.agent}`];
        if (e.kind === 'handoff') return [`handoff ${e.from}>${e.to}`];
        if (e.kind === 'ack') return [`ack ${e.by}`];
        if (e.kind === 'tool_call') return [`tool ${e.tool} by ${e.agent} ${e.outcome}`];
        return [];
      });
      const o = orders[i];
      expect(story).toEqual([
        `tool lookup_order by triage ok`,
        `effect lookup ${o} by triage`,
        'handoff triage>refunds',
        'ack refunds',
        `tool issue_refund by refunds ok`,
        `effect refund ${o} by refunds`,
      ]);
      const testCase = refundCase(ids[i]!, o!);
      const failing = runChecks(enabledChecks({}), timeline, testCase.labels).filter(
        (f) => f.outcome === 'fail',
      );
      expect(failing).toEqual([]);
    });
  });

  it('makes a call of a tool that a rule names an effect of the calling agent, failed when the tool threw', async () => {
    const adapter = withHttpEffects(
      createLangGraphAdapter(
        { path: './fetching-app.ts', options: { scripts: { 'case-fail': scriptFor('A-9') } } },
        SUITE,
      ),
      {
        effects: EffectsConfig.parse({
          endpoints: [
            {
              name: 'lookup',
              method: 'GET',
              url: 'https://orders.test/orders',
              identity: { query: 'id' },
            },
          ],
          allow_hosts: [],
        }),
        suiteFaults: [],
        suiteDir: '.',
      },
    );
    await adapter.setup?.();
    let run: Awaited<ReturnType<typeof runCase>>;
    try {
      // payments.test is not declared: the refund's request is refused, so the tool throws.
      run = await runCase(adapter, refundCase('case-fail', 'A-9'));
    } finally {
      await adapter.teardown?.();
    }

    const rules = [{ tool: 'issue_refund', effect: 'refund', key: 'order_id', owner: 'refunds' }];
    const effectsSeen = withToolEffects(normalize(run.spans), rules).events.filter(
      (e) => e.kind === 'effect' && e.via === 'tool',
    );
    expect(effectsSeen).toEqual([
      expect.objectContaining({
        effect: 'refund',
        key: 'A-9',
        agent: 'refunds',
        outcome: 'failed',
      }),
    ]);
  });
});
