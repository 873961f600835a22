import { existsSync } from 'node:fs';
import { trace } from '@opentelemetry/api';
import type { Adapter } from '../src/adapters/adapter.ts';
import type { Case } from '../src/model/labelled-case.ts';

type Baton = typeof import('../src/public/index.ts');

const built = new URL('../dist/public/index.js', import.meta.url);

/** The built package, as a user's process runs Baton (no TypeScript loader in its code). */
async function builtBaton(): Promise<Baton> {
  if (!existsSync(built)) throw new Error('dist/ is missing: run npm run build');
  return (await import(built.href)) as Baton;
}

/**
 * Baton's own machinery per case, with no implementation work at all: a four-step case whose
 * adapter emits one handoff. What remains is the runner, the case and step spans, capture,
 * normalisation, every check, metrics and gates, from the built package. Returns one timed run
 * of `n` cases (warmed up once), for the caller to interleave with other measurements.
 */
export async function prepareFloor(
  n: number,
  /** Spans of the implementation's own per case (plain API spans with two attributes). */
  ownSpans = 0,
): Promise<() => Promise<number>> {
  const { createCapture, emitHandoff, runSuite, SuiteInput } = await builtBaton();
  const capture = createCapture();
  const app = trace.getTracer('bench-app');
  const template: Case = {
    id: 'floor',
    title: 'floor',
    source: 'bench',
    tags: [],
    agents: ['triage', 'refunds'],
    persons: [],
    entry: 'triage',
    steps: ['a', 'b', 'c', 'd'].map((text) => ({ kind: 'customer', text })),
    labels: {
      handoffs: [{ from: 'triage', to: 'refunds', window: [1, 1], alternatives: [], carry: {} }],
    },
  };
  const cases = Array.from({ length: n }, (_, i) => ({ ...template, id: `floor-${i}` }));
  const adapter: Adapter = {
    name: 'floor',
    async runCase(c, ctx) {
      for (let i = 0; i < c.steps.length; i++) {
        await ctx.step(i, () => {
          if (i === 1)
            emitHandoff({ from: 'triage', to: 'refunds', payload: { order_id: 'A-1001' } });
          if (i === 2)
            for (let k = 0; k < ownSpans; k++)
              app.startSpan('lookup', { attributes: { 'app.order': 'A-1001', 'app.k': k } }).end();
        });
      }
      return undefined;
    },
  };
  const config = SuiteInput.parse({
    name: 'floor',
    cases: { include: ['unused'] },
    adapter: { type: 'module', path: 'unused' },
    concurrency: 1,
  });
  const run = async () => {
    const started = performance.now();
    const report = await runSuite({
      suite: { name: 'floor', file: 'floor', config },
      cases,
      adapter,
      capture,
    });
    if (report.summary.passed !== n) throw new Error('the floor cases should all pass');
    return performance.now() - started;
  };
  await run();
  return run;
}
