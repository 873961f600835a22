import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { enabledChecks, runChecks } from '../../checks/registry.ts';
import { runCase } from '../../effects/test-support.ts';
import { withHttpEffects } from '../../effects/with-http-effects.ts';
import type { Case } from '../../model/labelled-case.ts';
import { normalize } from '../../normalize/normalize.ts';
import type { FetchingScripts } from './fixtures/fetching-app.ts';
import { fetchingEffects as effects } from './fixtures/fetching-effects.ts';
import { createLangGraphAdapter } from './langgraph-adapter.ts';
import type { ScriptedToolCall } from './scripted-chat-model.ts';

const SUITE = join(resolve('src/adapters/langgraph/fixtures'), 'suite.yaml');

const pay = (tool = 'issue_refund') => ({ name: tool, args: { order_id: 'A-1', amount: 40 } });
const back = { name: 'transfer_to_triage', args: {} };

/**
 * Triage hands over; refunds' one model response makes `calls`; triage closes, after looking the
 * order up when `lookup` (which sends what a tool left running first).
 */
function scripts(calls: ScriptedToolCall[], lookup: boolean): FetchingScripts[string] {
  const lookUp = { toolCalls: [{ name: 'lookup_order', args: { order_id: 'A-1' } }] };
  return {
    triage: [
      { toolCalls: [{ name: 'transfer_to_refunds', args: {} }] },
      ...(lookup ? [lookUp] : []),
      'Anything else?',
    ],
    refunds: [{ toolCalls: calls }],
  };
}

const refundCase: Case = {
  id: 'one-response',
  title: 'refunds pays and hands back in one model response',
  source: 'unit test',
  tags: [],
  agents: ['triage', 'refunds'],
  persons: [],
  entry: 'triage',
  steps: [{ kind: 'customer', text: 'Refund A-1, 40 euro.' }],
  labels: {
    handoffs: [
      { from: 'triage', to: 'refunds', window: [0, 0], alternatives: [], carry: {} },
      { from: 'refunds', to: 'triage', window: [0, 0], alternatives: [], carry: {} },
    ],
    effects: [{ effect: 'refund', key: 'A-1', owner: 'refunds', times: 1 }],
  },
};

async function judge(calls: ScriptedToolCall[], lookup = false) {
  const adapter = withHttpEffects(
    createLangGraphAdapter(
      {
        path: './fetching-app.ts',
        options: { handBack: true, scripts: { [refundCase.id]: scripts(calls, lookup) } },
      },
      SUITE,
    ),
    { effects, suiteFaults: [], suiteDir: '.' },
  );
  await adapter.setup?.();
  let run: Awaited<ReturnType<typeof runCase>>;
  try {
    run = await runCase(adapter, refundCase);
  } finally {
    await adapter.teardown?.();
  }
  expect(run.error).toBeUndefined();
  const timeline = normalize(run.spans);
  const failing = runChecks(enabledChecks({}), timeline, refundCase.labels)
    .filter((f) => f.outcome === 'fail')
    .map((f) => f.code);
  const batchOf = (kind: string) =>
    timeline.events.find(
      (e) => e.kind === kind && (kind !== 'handoff' || ('from' in e && e.from === 'refunds')),
    )?.sideBySide?.batch;
  return { failing, handBack: batchOf('handoff'), refund: batchOf('effect') };
}

describe('the calls of one model response in a LangGraph tool node', () => {
  it('a refund paid beside the hand-back has no order against it, whichever call the model listed first', async () => {
    for (const calls of [
      [pay(), back],
      [back, pay()],
    ]) {
      const { failing, handBack, refund } = await judge(calls);
      expect(failing).toEqual([]);
      // The effect the tool made and the handoff decided beside it: one batch.
      expect(handBack).toMatch(/^model response langgraph 0\.\d+$/);
      expect(refund).toBe(handBack);
    }
  });

  it('a refund the tool sends after it returned keeps its own time: after the hand-back', async () => {
    const { failing, refund } = await judge([back, pay('issue_refund_later')], true);
    expect(refund).toBeUndefined();
    expect(failing).toContain('effect.after_release');
  });
});
