import { join, relative, resolve } from 'node:path';
import { trace } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import type { Log } from '../../../test/fixtures/e2e/modules/recorder.ts';
import { BatonError } from '../../errors.ts';
import type { Case } from '../../model/labelled-case.ts';
import type { CaseContext } from '../adapter.ts';
import { createModuleAdapter } from './module-adapter.ts';

const MODULES = resolve('test/fixtures/e2e/modules');
const SUITE = join(MODULES, 'suite.yaml');

const testCase: Case = {
  id: 'refund-split',
  title: 'A refund in two messages',
  source: 'unit test',
  tags: [],
  agents: ['triage', 'refunds'],
  persons: ['supervisor'],
  entry: 'triage',
  steps: [
    { kind: 'customer', text: 'I want a refund.' },
    { kind: 'signal', values: { confidence: 0.4 } },
    { kind: 'person', who: 'supervisor', decision: 'approve' },
  ],
  labels: { handoffs: [] },
};

/** A CaseContext that runs each step's handler directly, aborting after `abortAfter` steps. */
function directContext(abortAfter = Number.POSITIVE_INFINITY): CaseContext {
  let handled = 0;
  return {
    tracer: trace.getTracer('unused: the module adapter passes no tracer'),
    signal: new AbortController().signal,
    get aborted() {
      return handled >= abortAfter;
    },
    repeat: 2,
    async step(index, handle) {
      handled += 1;
      return handle(testCase.steps[index]!);
    },
  };
}

async function loadError(path: string, options: Record<string, unknown> = {}): Promise<unknown> {
  const adapter = createModuleAdapter({ path, options }, SUITE);
  return adapter.setup?.().then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('createModuleAdapter', () => {
  it('loads a TypeScript module whose factory is the default export and passes it the options', async () => {
    const log: Log = [];
    const adapter = createModuleAdapter(
      { path: './default-export.ts', options: { greeting: 'hi', log } },
      SUITE,
    );

    await adapter.setup?.();
    await adapter.runCase(testCase, directContext());
    await adapter.teardown?.();

    expect(adapter.name).toBe('module ./default-export.ts');
    expect(log).toEqual([
      `default factory: greeting=hi suiteDir=${MODULES}`,
      'start refund-split entry=triage repeat=2',
      'handle 0 customer',
      'handle 1 signal',
      'handle 2 person',
      'end refund-split',
      'close',
    ]);
  });

  it('loads a module that exports `createImplementation` instead', async () => {
    const log: Log = [];
    const adapter = createModuleAdapter(
      { path: 'named-export.ts', options: { greeting: 'hello', log } },
      SUITE,
    );

    await adapter.setup?.();
    await adapter.runCase(testCase, directContext());

    expect(log.slice(0, 3)).toEqual([
      `createImplementation factory: greeting=hello suiteDir=${MODULES}`,
      'start refund-split entry=triage repeat=2',
      'handle 0 customer',
    ]);
  });

  it('stops feeding steps once the case is aborted (timed out)', async () => {
    const log: Log = [];
    const adapter = createModuleAdapter({ path: './default-export.ts', options: { log } }, SUITE);
    await adapter.setup?.();

    await adapter.runCase(testCase, directContext(1));

    expect(log.filter((l) => l.startsWith('handle'))).toEqual(['handle 0 customer']);
  });

  it('a module that exports no factory fails to load, saying what to export', async () => {
    const error = await loadError('./no-factory.ts');

    expect(error).toBeInstanceOf(BatonError);
    expect(error).toMatchObject({
      code: 'adapter.load',
      message:
        'Failed to load the adapter module ./no-factory.ts: it exports no factory. Export `default` or `createImplementation` as a function (options, context) => implementation.',
    });
  });

  it('a missing module file fails to load, naming the path given and where it was looked for', async () => {
    const error = await loadError('./no-such-module.ts');

    expect(error).toBeInstanceOf(BatonError);
    expect(error).toMatchObject({
      code: 'adapter.load',
      message: `Failed to load the adapter module ./no-such-module.ts: no file at ${join(MODULES, 'no-such-module.ts')}. Fix adapter.path in ${relative(process.cwd(), SUITE)} (it is relative to the suite file).`,
    });
  });

  it('a factory that throws fails to load, pointing at the line that threw and at adapter.options', async () => {
    const error = await loadError('./factory-throws.ts', { policy: 42 });

    expect(error).toBeInstanceOf(BatonError);
    expect(error).toMatchObject({
      code: 'adapter.load',
      message: `Failed to start the implementation in ./factory-throws.ts: its factory threw Error: options.policy is required (at ${relative(process.cwd(), join(MODULES, 'factory-throws.ts'))}:4:49). Fix the code it points at, or adapter.options in ${relative(process.cwd(), SUITE)}.`,
    });
  });

  it.each([
    [
      './graph-app.ts',
      `its factory returned a LangGraph app (defineGraphApp): set \`adapter.type: langgraph\` in ${relative(process.cwd(), SUITE)}.`,
    ],
    ['./no-start-case.ts', 'its factory returned no startCase(info). Return { startCase(info)'],
  ])(
    'a factory that returns no implementation (%s) fails to load, saying what to change',
    async (path, message) => {
      const error = await loadError(path);

      expect(error).toBeInstanceOf(BatonError);
      expect((error as BatonError).message).toContain(
        `Failed to start the implementation in ${path}: ${message}`,
      );
    },
  );

  it('a module importing a package that is not installed says which, and how to install it', async () => {
    const error = await loadError('./missing-package.ts');

    expect((error as BatonError).message).toBe(
      'Failed to load the adapter module ./missing-package.ts: it imports not-installed-routing-kit, which is not installed. Install it (npm i not-installed-routing-kit), then run again.',
    );
  });

  it('a module exporting a compiled graph where the factory belongs says so', async () => {
    const error = await loadError('./exports-graph.ts');

    expect((error as BatonError).message).toContain('it exports no factory but a compiled graph.');
  });

  it('a module that throws while it is imported fails to load with its error', async () => {
    const error = await loadError('./throws-on-import.ts');

    expect(error).toBeInstanceOf(BatonError);
    expect(error).toMatchObject({
      code: 'adapter.load',
      message:
        'Failed to load the adapter module ./throws-on-import.ts: Error: cannot reach the routing service. Fix the module, then run again.',
    });
  });
});
