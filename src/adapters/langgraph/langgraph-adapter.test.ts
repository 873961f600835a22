import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { context } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { createCapture } from '../../capture/capture.ts';
import { handoffReask } from '../../checks/handoff-reask.ts';
import { bindCheck, type EnabledCheck, enabledChecks } from '../../checks/registry.ts';
import { BatonError } from '../../errors.ts';
import type { CaseRun } from '../../metrics/case-run.ts';
import type { Case } from '../../model/labelled-case.ts';
import { handoffsOf } from '../../model/timeline.ts';
import { normalize } from '../../normalize/normalize.ts';
import { runCaseOnce } from '../../run/run-case.ts';
import type { ScriptedAppOptions, Scripts } from './fixtures/scripted-app.ts';
import { createLangGraphAdapter } from './langgraph-adapter.ts';

const FIXTURES = resolve('src/adapters/langgraph/fixtures');
const SUITE = join(FIXTURES, 'suite.yaml');
const capture = createCapture();

const refundCase: Case = {
  id: 'refund',
  title: 'A refund',
  source: 'unit test',
  tags: [],
  agents: ['triage', 'refunds'],
  persons: [],
  entry: 'triage',
  steps: [
    { kind: 'customer', text: 'I want a refund for A-1001.' },
    { kind: 'signal', values: { confidence: 0.9 } },
  ],
  labels: { handoffs: [] },
};

const toRefunds = {
  toolCalls: [
    { name: 'transfer_to_refunds', args: { order_id: 'A-1001', reason: 'capability_boundary' } },
  ],
};

async function run(
  options: ScriptedAppOptions,
  testCase: Case = refundCase,
  checks: readonly EnabledCheck[] = [],
): Promise<CaseRun> {
  const adapter = createLangGraphAdapter(
    { path: './scripted-app.ts', options: { ...options } },
    SUITE,
  );
  await adapter.setup?.();
  try {
    return await runCaseOnce(testCase, 0, { adapter, capture, checks, timeoutMs: 10_000 });
  } finally {
    await adapter.teardown?.();
  }
}

describe('createLangGraphAdapter: running a graph turn by turn', () => {
  it('turns each step into a graph turn and each transfer call into a handoff at that step', async () => {
    const scripts: Scripts = {
      refund: { triage: [toRefunds], refunds: ['Refunding A-1001.', 'Done, anything else?'] },
    };

    const result = await run({ scripts });

    expect(result.status).toBe('pass');
    expect(result.handoffs).toEqual([
      expect.objectContaining({
        from: 'triage',
        to: 'refunds',
        step: 0,
        reason: 'capability_boundary',
      }),
    ]);
  });

  it('keeps the thread between steps: the second step goes to the agent the first handed to', async () => {
    const inputs: string[] = [];
    const scripts: Scripts = {
      refund: { triage: [toRefunds], refunds: ['Refunding A-1001.', 'Done.'] },
    };

    await run({ scripts, inputs });

    expect(inputs).toEqual([
      '0 customer interrupted=false current=undefined',
      '1 signal interrupted=false current=refunds',
    ]);
  });

  it('runs nothing for a step whose input() returns undefined', async () => {
    const scripts: Scripts = { refund: { triage: ['Hello.'] } };

    const result = await run({ scripts, inputs: [], skip: [1] });

    expect(result.status).toBe('pass');
    expect(result.handoffs).toEqual([]);
  });

  it('writes the payload, the agent turns and the receiver’s acceptance as spans', async () => {
    const scope = capture.open('spans', 0);
    const adapter = createLangGraphAdapter(
      {
        path: './scripted-app.ts',
        options: { scripts: { spans: { triage: [toRefunds], refunds: ['ok', 'ok'] } } },
      },
      SUITE,
    );
    await adapter.setup?.();

    await context.with(scope.context, () =>
      adapter.runCase(
        { ...refundCase, id: 'spans' },
        {
          tracer: capture.tracer,
          signal: new AbortController().signal,
          aborted: false,
          repeat: 0,
          step: async (i, handle) => handle(refundCase.steps[i]!),
        },
      ),
    );
    const timeline = normalize(scope.close());

    const kinds = timeline.events.map((e) =>
      e.kind === 'agent_turn' ? `turn ${e.agent}` : e.kind,
    );
    expect(kinds).toEqual(['turn triage', 'handoff', 'turn refunds', 'ack', 'turn refunds']);
    expect(handoffsOf(timeline)[0]?.payload).toMatchObject({ order_id: 'A-1001' });
  });
});

describe('createLangGraphAdapter: a case that names its entry', () => {
  it('starts a swarm at the entry: the first input sets its activeAgent', async () => {
    const inputs: string[] = [];
    const scripts: Scripts = { refund: { refunds: ['Refunds here.', 'Done.'] } };

    const result = await run(
      { scripts, inputs },
      { ...refundCase, entry: 'refunds', entryGiven: true },
    );

    expect(result.status).toBe('pass');
    expect(result.handoffs).toEqual([]);
    expect(inputs[1]).toBe('1 signal interrupted=false current=refunds');
  });
});

describe('createLangGraphAdapter: the turn’s last AI message', () => {
  it('is a question to the customer when it asks something: a receiver re-asking is handoff.reask', async () => {
    const scripts: Scripts = {
      refund: {
        triage: [toRefunds],
        refunds: ['What is your order number, please?', 'Thanks, refunded.'],
      },
    };
    const labelled: Case = {
      ...refundCase,
      labels: {
        handoffs: [],
        facts: [
          {
            name: 'order_id',
            value: 'A-1001',
            step: 0,
            source: { kind: 'said', by: 'customer' },
          },
        ],
      },
    };
    const adapter = createLangGraphAdapter(
      { path: './scripted-app.ts', options: { scripts } },
      SUITE,
    );
    await adapter.setup?.();
    try {
      const result = await runCaseOnce(labelled, 0, {
        adapter,
        capture,
        checks: [bindCheck(handoffReask, { facts: { order_id: ['order number'] } })],
        timeoutMs: 10_000,
      });

      expect(result.findings.map((f) => f.message)).toEqual([
        'refunds asked customer "What is your order number, please?" at step 0 after triage handed over at step 0, but step 0 already gave order_id (A-1001)',
      ]);
    } finally {
      await adapter.teardown?.();
    }
  });
});

describe('createLangGraphAdapter: a graph that hits its recursion limit', () => {
  const toTriage = {
    toolCalls: [{ name: 'transfer_to_triage', args: { problem: 'order id missing' } }],
  };
  const pingPong: Scripts = {
    refund: { triage: Array(4).fill(toRefunds), refunds: Array(4).fill(toTriage) },
  };

  it('is judged on what it did, bounces included, and fails with case.turn_limit at that step', async () => {
    const result = await run(
      { scripts: pingPong, recursionLimit: 4 },
      refundCase,
      enabledChecks({}),
    );

    expect(result.status).toBe('fail');
    expect(result.handoffs.map((h) => `${h.from}→${h.to}@${h.step}`)).toEqual([
      'triage→refunds@0',
      'refunds→triage@0',
      'triage→refunds@0',
      'refunds→triage@0',
    ]);
    const failing = result.findings.filter((f) => f.outcome === 'fail');
    expect(failing.map((f) => f.code)).toContain('handoff.bounced');
    expect(failing.at(-1)).toMatchObject({
      code: 'case.turn_limit',
      step: 0,
      observed: {
        cause: 'turn_limit',
        limit: 4,
        detail: 'Recursion limit of 4 reached without hitting a stop condition',
      },
      message: "the run hit the SDK's turn limit at step 0 (limit 4) and was stopped unfinished",
    });
  });
});

describe('createLangGraphAdapter: scripts that disagree with the graph are errors, not verdicts', () => {
  it('errors the case when a model is called more often than scripted', async () => {
    const result = await run({ scripts: { refund: { triage: ['Hello.'] } } });

    expect(result.status).toBe('error');
    expect(result.error?.message).toContain(
      'Scripted model "triage" got an unexpected call #2: its script has 1 replies.',
    );
    // The message says what to change; the class name of Baton's own error says nothing more.
    expect(result.error?.message).not.toContain('ScriptedModelError');
  });

  it('errors the case when replies are left over at its end', async () => {
    const scripts: Scripts = { refund: { triage: ['Hello.', 'Still here.', 'Bye.'] } };

    const result = await run({ scripts });

    expect(result.status).toBe('error');
    expect(result.error?.message).toContain(
      'Scripted model "triage" was called 2 time(s) but its script has 3 replies; unconsumed: "Bye."',
    );
  });
});

describe('createLangGraphAdapter: loading the app', () => {
  async function setupError(path: string): Promise<unknown> {
    const adapter = createLangGraphAdapter({ path, options: {} }, SUITE);
    return adapter.setup?.().then(
      () => undefined,
      (error: unknown) => error,
    );
  }

  it.each([
    ['./missing.ts', 'Failed to load the LangGraph app ./missing.ts: no file at'],
    ['./bad-apps/no-factory.ts', 'it exports no factory. Export `default` or `createGraphApp`'],
    [
      './bad-apps/builder.ts',
      'it is a graph builder, not a compiled graph. Return builder.compile().',
    ],
    ['./bad-apps/both.ts', 'its app has both `graph` and `startCase`. Keep one'],
    ['./bad-apps/neither.ts', 'its app has no `graph` and no `startCase`.'],
    ['./bad-apps/throws.ts', 'its factory threw Error: no playbook. Fix the code it points at, or'],
    ['./bad-apps/empty-key.ts', '`activeAgentKey` is empty. Give the name of a state key.'],
    [
      './bad-apps/bad-approvals.ts',
      "`approvals` is an object. Give the person who approves ('supervisor'), or tool name → person",
    ],
  ])('%s fails setup with a message that says how to fix it', async (path, message) => {
    const error = await setupError(path);

    expect(error).toBeInstanceOf(BatonError);
    expect((error as BatonError).code).toBe('adapter.load');
    expect((error as BatonError).message).toContain(message);
  });
});

/** Every module `file` loads when imported: relative value imports followed, type imports skipped. */
function staticImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, specifier] of source.matchAll(
    /^(?:import|export) (?!type )[^;]*?from '([^']+)';/gms,
  )) {
    if (specifier?.startsWith('.')) staticImports(resolve(dirname(file), specifier), seen);
    else if (specifier) seen.add(specifier);
  }
  return seen;
}

describe('createLangGraphAdapter: loading LangGraph', () => {
  it('loads no LangGraph or LangChain code until a langgraph suite sets the adapter up', () => {
    // create-adapter.ts imports the adapter module statically: that module must stay light.
    const loaded = [...staticImports(resolve('src/adapters/langgraph/langgraph-adapter.ts'))];

    expect(loaded.filter((m) => m.startsWith('@langchain/'))).toEqual([]);
    expect(loaded).toContain(resolve('src/adapters/langgraph/update-mapper.ts'));
    expect(loaded).not.toContain(resolve('src/adapters/langgraph/runtime.ts'));
  });
});
