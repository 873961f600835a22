import { describe, expect, it } from 'vitest';
import type { Adapter } from '../adapters/adapter.ts';
import { createCapture } from '../capture/capture.ts';
import type { Case } from '../model/labelled-case.ts';
import { SuiteInput } from '../model/suite.ts';
import { emitHandoff, withToolCall } from '../public/conventions.ts';
import { type RunPlan, runSuite } from './run-suite.ts';

const capture = createCapture();

/** Triage must hand the refund to refunds at step 1 of 3. */
function refundCase(id: string): Case {
  return {
    id,
    title: `refund case ${id}`,
    source: 'unit test',
    tags: [],
    agents: ['triage', 'refunds'],
    persons: [],
    entry: 'triage',
    steps: [
      { kind: 'customer', text: 'I want a refund.' },
      { kind: 'customer', text: 'Order A-1001.' },
      { kind: 'customer', text: 'Thanks.' },
    ],
    labels: {
      handoffs: [{ from: 'triage', to: 'refunds', window: [1, 1], alternatives: [], carry: {} }],
    },
  };
}

type Behaviour = 'on_time' | 'late' | 'throws' | 'rejects' | 'hangs';

/**
 * An inline adapter: it feeds every step and hands triage → refunds at step 1 (`on_time`) or
 * step 2 (`late`), or breaks the way `behave(case, repeat)` says.
 */
function scriptedAdapter(behave: (c: Case, repeat: number) => Behaviour): Adapter {
  return {
    name: 'scripted',
    runCase(testCase, ctx) {
      const behaviour = behave(testCase, ctx.repeat);
      if (behaviour === 'throws') throw new TypeError(`cannot route ${testCase.id}`);
      if (behaviour === 'rejects') return Promise.reject(new Error('the model API answered 429'));
      if (behaviour === 'hangs') return new Promise(() => {});
      const at = behaviour === 'on_time' ? 1 : 2;
      return (async () => {
        for (let i = 0; i < testCase.steps.length; i++) {
          await ctx.step(i, () => {
            if (i === at) emitHandoff({ from: 'triage', to: 'refunds' }, ctx.tracer);
          });
        }
        return undefined;
      })();
    },
  };
}

function plan(
  cases: readonly Case[],
  adapter: Adapter,
  suite: Partial<SuiteInput> = {},
  overrides: Partial<Pick<RunPlan, 'repeat' | 'concurrency'>> = {},
): RunPlan {
  const config = SuiteInput.parse({
    name: 'unit',
    cases: { include: ['*.yaml'] },
    adapter: { type: 'module', path: './unused.ts' },
    ...suite,
  });
  return {
    suite: { name: 'unit', file: 'unit.yaml', config },
    cases,
    adapter,
    capture,
    ...overrides,
  };
}

/** The `errored <= 0` gate Baton adds to a list of gates that has no errored gate. */
function implied(result: { actual: number; passed: boolean; outcome: 'pass' | 'fail' }) {
  return { name: 'errored', threshold: '<= 0', ...result, implied: true };
}

describe('runSuite', () => {
  it("counts a framework's automatic return as no hop and lists no such handoff, but its timeline shows it", async () => {
    const adapter: Adapter = {
      name: 'supervised',
      async runCase(testCase, ctx) {
        for (let i = 0; i < testCase.steps.length; i++)
          await ctx.step(i, () => {
            if (i !== 1) return;
            emitHandoff({ from: 'triage', to: 'refunds' }, ctx.tracer);
            emitHandoff({ from: 'refunds', to: 'triage', autoReturn: true }, ctx.tracer);
          });
        return undefined;
      },
    };

    const report = await runSuite(plan([refundCase('handed-back')], adapter));

    const [result] = report.cases;
    expect(result).toMatchObject({ status: 'pass', hops: 1 });
    expect(result?.handoffs.map((h) => `${h.from} → ${h.to}`)).toEqual(['triage → refunds']);
    expect(result?.timeline?.filter((e) => e.kind === 'handoff')).toHaveLength(2);
    expect(report.metrics.hops).toMatchObject({ max: 1 });
  });

  it("counts no hop for a person's answer or finished work coming back, as the hops check does", async () => {
    const adapter: Adapter = {
      name: 'answered',
      async runCase(testCase, ctx) {
        for (let i = 0; i < testCase.steps.length; i++)
          await ctx.step(i, () => {
            if (i !== 1) return;
            emitHandoff({ from: 'triage', to: 'refunds' }, ctx.tracer);
            withToolCall({ tool: 'issue_refund', agent: 'refunds' }, () => undefined, ctx.tracer);
            emitHandoff({ from: 'refunds', to: 'triage', reason: 'resolved' }, ctx.tracer);
          });
        return undefined;
      },
    };

    const report = await runSuite(plan([refundCase('resolved')], adapter));

    expect(report.cases[0]).toMatchObject({ status: 'pass', hops: 1 });
    expect(report.metrics.hops).toMatchObject({ max: 1, histogram: { 1: 1 } });
  });

  it('counts a case file that does not load in the case.error rate, beside the cases that ran', async () => {
    const adapter = scriptedAdapter(() => 'on_time');
    const report = await runSuite({
      ...plan([refundCase('fine')], adapter),
      brokenCases: [{ file: 'cases/broken.yaml', problems: ['cases/broken.yaml:3:1: bad'] }],
    });

    expect(report.summary).toMatchObject({ cases: 2, passed: 1, errored: 1 });
    expect(report.metrics.byCode['case.error']).toMatchObject({ count: 1, of: 2 });
  });

  it('an adapter that throws or rejects makes that case an adapter.threw error; the run goes on', async () => {
    const cases = ['a-throws', 'b-fine', 'c-rejects', 'd-fine'].map(refundCase);
    const adapter = scriptedAdapter((c) =>
      c.id.endsWith('throws') ? 'throws' : c.id.endsWith('rejects') ? 'rejects' : 'on_time',
    );

    const report = await runSuite(plan(cases, adapter));

    expect(report.cases.map((c) => [c.id, c.status, c.error?.code])).toEqual([
      ['a-throws', 'error', 'adapter.threw'],
      ['b-fine', 'pass', undefined],
      ['c-rejects', 'error', 'adapter.threw'],
      ['d-fine', 'pass', undefined],
    ]);
    expect(report.cases[0]?.error?.message).toBe(
      'the adapter threw TypeError: cannot route a-throws',
    );
    expect(report.cases[0]?.findings.map((f) => [f.code, f.outcome])).toEqual([
      ['case.error', 'error'],
    ]);
    expect(report.summary).toMatchObject({ cases: 4, passed: 2, failed: 0, errored: 2 });
  });

  it('an adapter that never finishes a case makes it an adapter.timeout error', async () => {
    const cases = ['hangs', 'fine'].map(refundCase);
    const adapter = scriptedAdapter((c) => (c.id === 'hangs' ? 'hangs' : 'on_time'));

    const report = await runSuite(plan(cases, adapter, { timeout_ms: 50 }));

    expect(report.cases.map((c) => [c.id, c.status, c.error])).toEqual([
      [
        'hangs',
        'error',
        { code: 'adapter.timeout', message: 'the case did not finish within 50 ms' },
      ],
      ['fine', 'pass', undefined],
    ]);
  });

  it('repeat 3 with a case that passes only on repeats 0 and 2: 2 of 3 passed, not pass^3', async () => {
    const cases = [refundCase('flaky'), refundCase('steady')];
    const adapter = scriptedAdapter((c, repeat) =>
      c.id === 'flaky' && repeat === 1 ? 'late' : 'on_time',
    );

    const report = await runSuite(
      plan(cases, adapter, { gates: [{ metric: 'pass_all_repeats', min: 1 }] }, { repeat: 3 }),
    );

    expect(report.repeat).toBe(3);
    expect(report.cases.map((c) => [c.id, c.status, c.repeats, c.passedRepeats])).toEqual([
      ['flaky', 'fail', 3, 2],
      ['steady', 'pass', 3, 3],
    ]);
    expect(
      report.cases[0]?.findings.filter((f) => f.outcome === 'fail').map((f) => f.code),
    ).toEqual(['handoff.late']);
    expect(report.metrics.passAllRepeats).toMatchObject({ count: 1, of: 2 });
    expect(report.metrics.passRate).toMatchObject({ count: 5, of: 6 });
    expect(report.gates).toEqual([
      { name: 'pass^k', threshold: '>= 1', actual: 0.5, passed: false, outcome: 'fail' },
      implied({ actual: 0, passed: true, outcome: 'pass' }),
    ]);
    expect(report.passed).toBe(false);
  });

  it('evaluates the suite gates: a failing count gate fails the report, passing ones do not', async () => {
    const cases = ['late', 'on-time'].map(refundCase);
    const adapter = scriptedAdapter((c) => (c.id === 'late' ? 'late' : 'on_time'));
    const gates = [
      { metric: 'count', code: 'handoff.missed', max: 0 },
      { metric: 'count', code: 'handoff.late', max: 0 },
    ] as const;

    const failing = await runSuite(plan(cases, adapter, { gates: [...gates] }));
    const tolerant = await runSuite(
      plan(cases, adapter, { gates: [{ metric: 'count', code: 'handoff.late', max: 1 }] }),
    );

    expect(failing.gates).toEqual([
      {
        name: 'count(handoff.missed)',
        threshold: '<= 0',
        actual: 0,
        passed: true,
        outcome: 'pass',
      },
      { name: 'count(handoff.late)', threshold: '<= 0', actual: 1, passed: false, outcome: 'fail' },
      implied({ actual: 0, passed: true, outcome: 'pass' }),
    ]);
    expect(failing.passed).toBe(false);
    expect(tolerant.passed).toBe(true);
  });

  it('a suite whose gates say nothing of errors gets errored <= 0: an errored case fails it', async () => {
    const adapter = scriptedAdapter((c) => (c.id === 'broken' ? 'throws' : 'on_time'));

    const report = await runSuite(
      plan(['broken', 'fine'].map(refundCase), adapter, {
        gates: [{ metric: 'count', code: 'handoff.late', max: 0 }],
      }),
    );

    expect(report.gates.map((g) => [g.name, g.outcome, g.implied])).toEqual([
      ['count(handoff.late)', 'pass', undefined],
      ['errored', 'fail', true],
    ]);
    expect(report.passed).toBe(false);
  });

  it('a suite without gates gets the defaults: every verdict passes and no case errors', async () => {
    const adapter = scriptedAdapter((c) => (c.id === 'broken' ? 'throws' : 'on_time'));

    const report = await runSuite(plan(['broken', 'fine'].map(refundCase), adapter));

    expect(report.gates).toEqual([
      // The errored case has no verdict: it fails the errored gate, not the pass rate.
      { name: 'pass_rate', threshold: '>= 1', actual: 1, passed: true, outcome: 'pass' },
      { name: 'errored', threshold: '<= 0', actual: 1, passed: false, outcome: 'fail' },
    ]);
  });

  it('runs setup before the first case and teardown after the last, also when cases break', async () => {
    const calls: string[] = [];
    const inner = scriptedAdapter(() => 'throws');
    const adapter: Adapter = {
      name: 'tracked',
      setup: async () => {
        calls.push('setup');
      },
      runCase: (c, ctx) => {
        calls.push(`run ${c.id}`);
        return inner.runCase(c, ctx);
      },
      teardown: async () => {
        calls.push('teardown');
      },
    };

    await runSuite(plan([refundCase('only')], adapter));

    expect(calls).toEqual(['setup', 'run only', 'teardown']);
  });
});
