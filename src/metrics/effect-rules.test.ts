import { describe, expect, it } from 'vitest';
import { SuiteInput } from '../model/suite.ts';
import { effectRulesOf } from './effect-rules.ts';

const suite = (extra: Record<string, unknown>) =>
  SuiteInput.parse({
    name: 'unit',
    cases: { include: ['*.yaml'] },
    adapter: { type: 'module', path: './unused.ts' },
    ...extra,
  });

describe('effectRulesOf', () => {
  it('lists tool rules (the suite’s, then the adapter’s) and endpoints with their paths', () => {
    const config = suite({
      effects: {
        tools: [{ tool: 'issue_refund', effect: 'refund' }, { tool: 'send_email' }],
        endpoints: [
          { name: 'payout', url: 'https://payments.test/payouts', identity: { body: 'id' } },
        ],
      },
    });

    const rules = effectRulesOf(config, [{ tool: 'legacy_refund', effect: 'refund' }]);

    expect(rules.tools).toEqual([
      { tool: 'issue_refund', path: ['effects', 'tools', 0] },
      { tool: 'send_email', path: ['effects', 'tools', 1] },
      { tool: 'legacy_refund', path: ['adapter', 'options', 'effects', 'tools', 0] },
    ]);
    expect(rules.endpoints).toEqual([
      { name: 'payout', url: 'https://payments.test/payouts', path: ['effects', 'endpoints', 0] },
    ]);
    expect([...rules.names].sort()).toEqual(['payout', 'refund', 'send_email']);
  });

  it('knows the fixed effect names of recognize rules, not the names they read from a span', () => {
    const config = suite({
      adapter: {
        type: 'traces',
        files: ['t.json'],
        recognize: [
          { name: 'refund', effect: { name: 'refund', key: 'attr:order' } },
          { name: 'mail', effect: { name: { value: 'email' }, key: 'attr:order' } },
          { name: 'any', effect: { name: 'attr:effect.kind', key: 'attr:order' } },
          { name: 'ask', handoff: { to: { value: 'refunds' } } },
        ],
      },
    });

    expect([...effectRulesOf(config).names].sort()).toEqual(['email', 'refund']);
  });

  it('is empty for a suite that declares no effects', () => {
    const rules = effectRulesOf(suite({}));

    expect(rules).toEqual({ tools: [], endpoints: [], names: new Set() });
  });
});
