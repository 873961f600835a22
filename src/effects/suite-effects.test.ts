import { describe, expect, it } from 'vitest';
import type { Adapter } from '../adapters/adapter.ts';
import { SuiteInput } from '../model/suite.ts';
import { withSuiteHttpEffects } from './suite-effects.ts';

const adapter: Adapter = { name: 'inner', runCase: async () => undefined };

function wrapped(effects: unknown): boolean {
  const config = SuiteInput.parse({
    name: 'unit',
    cases: { include: ['*.yaml'] },
    adapter: { type: 'module', path: './x.ts' },
    effects,
  });
  return withSuiteHttpEffects(adapter, config, 'suite.yaml', []) !== adapter;
}

describe('withSuiteHttpEffects', () => {
  it('puts the HTTP ledger in front for endpoints, allowed hosts, or an effects block without tools', () => {
    const endpoint = {
      name: 'refund',
      url: 'https://payments.test/refunds',
      identity: { body: 'order_id' },
    };
    expect(wrapped({ endpoints: [endpoint] })).toBe(true);
    expect(wrapped({ allow_hosts: ['api.test'] })).toBe(true);
    expect(wrapped({})).toBe(true);
  });

  it('leaves the network alone when the suite declares tool effects only: they come from spans', () => {
    expect(wrapped({ tools: [{ tool: 'issue_refund' }] })).toBe(false);
  });
});
