import { describe, expect, it } from 'vitest';
import type { Adapter } from '../adapters/adapter.ts';
import { createCapture } from '../capture/capture.ts';
import { ATTR, EVENT } from '../conventions/attributes.ts';
import type { Case } from '../model/labelled-case.ts';
import { SuiteInput } from '../model/suite.ts';
import type { SpanRecord } from '../normalize/span-record.ts';
import { renderConsole } from '../report/console.ts';
import { type RunPlan, runSuite } from './run-suite.ts';
import { StopControl } from './stop-control.ts';
import { StrayErrors } from './stray-errors.ts';

const capture = createCapture();

function quietCase(id: string): Case {
  return {
    id,
    title: `case ${id}`,
    source: 'unit test',
    tags: [],
    agents: ['triage', 'refunds'],
    persons: [],
    entry: 'triage',
    steps: [{ kind: 'customer', text: 'hello' }],
    labels: { handoffs: [] },
  };
}

function plan(cases: readonly Case[], adapter: Adapter, extra: Partial<RunPlan> = {}): RunPlan {
  const config = SuiteInput.parse({
    name: 'unit',
    cases: { include: ['*.yaml'] },
    adapter: { type: 'module', path: './unused.ts' },
    concurrency: 1,
  });
  return { suite: { name: 'unit', file: 'unit.yaml', config }, cases, adapter, capture, ...extra };
}

const handoffSpan = (i: number): SpanRecord => ({
  traceId: 't',
  spanId: `s${i}`,
  name: 'baton.handoff',
  start: i,
  end: i + 1,
  attributes: {
    [ATTR.event]: EVENT.handoff,
    [ATTR.handoffFrom]: 'triage',
    [ATTR.handoffTo]: 'refunds',
  },
});

describe('a case with 100,000 handoffs (more spans than a call takes arguments)', () => {
  it('is judged and rendered instead of crashing the run', async () => {
    const spans = Array.from({ length: 100_000 }, (_, i) => handoffSpan(i));
    const adapter: Adapter = { name: 'flood', runCase: async () => ({ spans }) };

    const report = await runSuite(plan([quietCase('flood')], adapter));
    const text = renderConsole(report, { color: false });

    expect(report.cases[0]?.status).toBe('fail');
    expect(report.cases[0]?.handoffs).toHaveLength(100_000);
    expect(text).toContain('more handoff.unneeded (every one in report.json)');
    expect(text.split('\n').length).toBeLessThan(200);
  });
});

describe('values an implementation may throw', () => {
  const odd: [string, () => unknown, string][] = [
    ['Object.create(null)', () => Object.create(null), 'an object (with no prototype)'],
    [
      'an object whose toString throws',
      () => ({
        toString() {
          throw new Error('no');
        },
      }),
      'an object (Object)',
    ],
    ['a Symbol', () => Symbol('odd'), 'Symbol(odd)'],
    [
      'an Error whose message getter throws',
      () =>
        Object.defineProperty(new TypeError(), 'message', {
          get() {
            throw new Error('no');
          },
        }),
      'TypeError',
    ],
  ];
  for (const [what, make, described] of odd) {
    it(`${what}: that case errors with a readable message, the others still run`, async () => {
      const adapter: Adapter = {
        name: 'odd',
        runCase: async (c) => {
          if (c.id === 'odd') throw make();
          return undefined;
        },
      };

      const report = await runSuite(plan([quietCase('odd'), quietCase('fine')], adapter));

      expect(report.cases.map((c) => c.status)).toEqual(['error', 'pass']);
      expect(report.cases[0]?.error?.message).toBe(`the adapter threw ${described}`);
    });
  }
});

describe('errors that escape the implementation', () => {
  it('an unhandled rejection fails its case and the run, even though the adapter resolved', async () => {
    const strays = new StrayErrors();
    const onRejection = (reason: unknown) => strays.record('unhandled_rejection', reason);
    process.on('unhandledRejection', onRejection);
    const adapter: Adapter = {
      name: 'leaky',
      runCase: async (c) => {
        if (c.id === 'leaky') void Promise.reject(new Error('nobody awaited me'));
        return undefined;
      },
    };
    try {
      const report = await runSuite(
        plan([quietCase('leaky'), quietCase('fine')], adapter, { strays }),
      );

      expect(report.cases.map((c) => [c.id, c.status, c.error?.code])).toEqual([
        ['leaky', 'error', 'adapter.unhandled'],
        ['fine', 'pass', undefined],
      ]);
      expect(report.unhandled).toEqual([
        {
          kind: 'unhandled_rejection',
          message: 'Error: nobody awaited me',
          caseId: 'leaky',
          repeat: 0,
        },
      ]);
      expect(report.passed).toBe(false);
      expect(renderConsole(report, { color: false })).toMatch(/\nFAIL {2}/);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });
});

describe('a stop (SIGINT) during a run', () => {
  it('starts no new case, lets the one in flight finish, and marks the report interrupted', async () => {
    const stop = new StopControl();
    const started: string[] = [];
    const adapter: Adapter = {
      name: 'stoppable',
      runCase: async (c) => {
        started.push(c.id);
        if (c.id === 'second') stop.stop('SIGINT');
        return undefined;
      },
    };
    const cases = ['first', 'second', 'third', 'fourth'].map(quietCase);

    const report = await runSuite(plan(cases, adapter, { stop }));

    expect(started).toEqual(['first', 'second']);
    expect(report.cases.map((c) => [c.id, c.status])).toEqual([
      ['first', 'pass'],
      ['second', 'pass'],
    ]);
    expect(report.interrupted).toEqual({ signal: 'SIGINT', casesNotRun: 2 });
    expect(report.passed).toBe(false);
    const text = renderConsole(report, { color: false });
    expect(text).toContain('! INTERRUPTED  by SIGINT: 2 case(s) not run');
    expect(text).toMatch(/\nINTERRUPTED {2}2 cases/);
  });
});
