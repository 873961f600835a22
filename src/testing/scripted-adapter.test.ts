import { describe, expect, it } from 'vitest';
import { createCapture } from '../capture/capture.ts';
import type { Case } from '../model/labelled-case.ts';
import { SuiteInput } from '../model/suite.ts';
import { runSuite } from '../run/run-suite.ts';
import { scriptedAdapter } from './scripted-adapter.ts';

const refund: Case = {
  id: 'refund',
  title: 'refund in two messages',
  source: 'test',
  tags: [],
  agents: ['triage', 'refunds'],
  persons: [],
  entry: 'triage',
  steps: [
    { kind: 'customer', text: 'I want a refund' },
    { kind: 'customer', text: 'Order A-1001' },
  ],
  labels: {
    handoffs: [
      {
        from: 'triage',
        to: 'refunds',
        window: [1, 1],
        alternatives: [],
        carry: { order_id: 'A-1001' },
      },
    ],
  },
};
const config = SuiteInput.parse({
  name: 's',
  cases: { include: ['x'] },
  adapter: { type: 'module', path: 'x' },
});
const run = (script: Parameters<typeof scriptedAdapter>[0]) =>
  runSuite({
    suite: { name: 's', file: 's', config },
    cases: [refund],
    adapter: scriptedAdapter(script),
    capture: createCapture(),
  });

describe('scriptedAdapter', () => {
  it('plays its turns as spans that Baton judges like any implementation', async () => {
    const report = await run({
      refund: [
        { expect: { kind: 'customer', text: 'refund' }, agent: 'triage' },
        {
          agent: 'triage',
          handoffs: [{ from: 'triage', to: 'refunds', payload: { order_id: 'A-1001' } }],
          accepts: [['refunds', 'triage']],
        },
      ],
    });
    expect(report.cases[0]?.status).toBe('pass');
    expect(report.cases[0]?.handoffs).toMatchObject([{ from: 'triage', to: 'refunds', step: 1 }]);
  });

  it('errors the case on a step the script does not expect, and on turns left unconsumed', async () => {
    const tooShort = await run({ refund: [{}] });
    const tooLong = await run({ refund: [{}, {}, {}] });
    const wrongKind = await run({ refund: [{ expect: { kind: 'tool' } }, {}] });
    const none = await run({});
    expect(tooShort.cases[0]?.error?.message).toBe(
      'the adapter threw ScriptError: case refund step 1 was not expected: the script has 1 turn(s)',
    );
    expect(tooLong.cases[0]?.error?.message).toBe(
      'the adapter threw ScriptError: case refund ended with 1 unconsumed script turn(s): the case has 2 step(s)',
    );
    expect(wrongKind.cases[0]?.error?.message).toContain(
      'case refund step 0 is a customer step (customer: I want a refund); the script expected a tool step',
    );
    expect(none.cases[0]?.error?.message).toContain('case refund has no script');
  });
});
