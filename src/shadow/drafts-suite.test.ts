import { describe, expect, it } from 'vitest';
import { ShadowConfig } from '../model/shadow-config.ts';
import { type Suite, SuiteInput } from '../model/suite.ts';
import { draftsSuite } from './drafts-suite.ts';

const suite = (input: Record<string, unknown>): Suite => ({
  file: '/project/suites/candidate.yaml',
  config: SuiteInput.parse({
    name: 'candidate',
    adapter: { type: 'module', path: '../router.ts' },
    ...input,
  }),
});
const live = ShadowConfig.parse({
  live: {
    names: { 'Triage Agent': 'triage' },
    recognize: [{ name: 'supervisor.decision', handoff: { to: { value: 'refunds' } } }],
  },
}).live;
const DIR = '/project/reports/candidate/shadow';

describe('the drafts suite shadow writes', () => {
  it('judges a labelled draft as the shadow suite judges a case: effects, facts, checks, gates', () => {
    const s = suite({
      effects: { tools: [{ tool: 'issue_refund', effect: 'refund', key: 'order_id' }] },
      facts: { order_id: ['order number'] },
      checks: { reason: true, bounce: false },
      gates: [{ metric: 'errored', max: 0 }],
      costs: { 'handoff.missed': 3 },
      timeout_ms: 2_000,
    });

    const drafts = draftsSuite(s, live, DIR);

    expect(drafts).toMatchObject({
      name: 'candidate-drafts',
      cases: { include: ['labelled/*.yaml'] },
      adapter: { type: 'traces', steps: 'customer_turns', names: { 'Triage Agent': 'triage' } },
      effects: { tools: [{ tool: 'issue_refund', effect: 'refund', key: 'order_id' }] },
      facts: { order_id: ['order number'] },
      checks: { reason: true, bounce: false },
      gates: [{ metric: 'errored', max: 0 }],
      costs: { 'handoff.missed': 3 },
      timeout_ms: 2_000,
    });
    expect(drafts).toHaveProperty('adapter.recognize', live.recognize);
    // What it writes is a suite Baton loads.
    expect(SuiteInput.safeParse(drafts).success).toBe(true);
  });

  it('points the paths the suite wrote relative to itself from the drafts folder, and leaves out empty parts', () => {
    const s = suite({
      contracts: { modules: ['../contracts.ts'] },
      allow_read: ['../../shared'],
    });

    const drafts = draftsSuite(s, live, DIR) as Record<string, unknown>;

    expect(drafts.contracts).toMatchObject({ modules: ['../../../contracts.ts'] });
    expect(drafts.allow_read).toEqual(['../../../../shared']);
    expect(drafts).not.toHaveProperty('gates');
    expect(drafts).not.toHaveProperty('effects');
  });
});
