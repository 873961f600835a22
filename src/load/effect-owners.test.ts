import { describe, expect, test } from 'vitest';
import { SuiteInput } from '../model/suite.ts';
import { effectOwnerWarnings } from './effect-owners.ts';

const suite = SuiteInput.parse({
  name: 'desk',
  adapter: { type: 'module', path: 'app.ts' },
  effects: {
    endpoints: [
      {
        name: 'refund',
        url: 'https://pay.test/refunds',
        identity: { body: 'order_id' },
        owner: 'refund',
      },
      {
        name: 'invoice',
        url: 'https://pay.test/invoices',
        identity: { body: 'id' },
        owner: 'billing',
      },
    ],
    tools: [{ tool: 'send_email', effect: 'email', owner: 'mailroom' }],
  },
});
const names = new Set(['triage', 'refunds', 'billing']);
const lineOf = (path: readonly (string | number)[]) => (path[1] === 'endpoints' ? 10 : 20);

describe('effectOwnerWarnings', () => {
  test('warns of an owner no case lists, beside one a case does; leaves a name with none near alone', () => {
    const warnings = effectOwnerWarnings(suite, 'suite.yaml', lineOf, names, false);

    expect(warnings).toEqual([
      {
        code: 'effects.unknown_owner',
        severity: 'warning',
        file: 'suite.yaml',
        line: 10,
        message:
          'the owner of effect refund is refund, which no case lists among its participants, while refunds is: every commit of refund would be effect.unowned',
        fix: 'did you mean refunds?',
      },
    ]);
  });

  test('is an error under --strict, and says nothing when no case lists anyone', () => {
    expect(effectOwnerWarnings(suite, 'suite.yaml', lineOf, names, true)[0]?.severity).toBe(
      'error',
    );
    expect(effectOwnerWarnings(suite, 'suite.yaml', lineOf, new Set(), false)).toEqual([]);
  });
});
