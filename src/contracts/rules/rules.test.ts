import { describe, expect, it } from 'vitest';
import { checkEnvelope } from '../check-envelope.ts';
import { defineContract } from '../define-contract.ts';
import type { Envelope, Rule } from '../types.ts';
import { RULE_CODES, rules } from './index.ts';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const CTX = { from: 'planner', to: 'coder', now: NOW };

function issuesOf(rule: Rule | Rule[], envelope: Envelope) {
  const contract = defineContract({ to: 'coder', rules: Array.isArray(rule) ? rule : [rule] });
  return checkEnvelope(contract, envelope, CTX);
}

describe('the rule library', () => {
  it('lists every factory’s code in RULE_CODES, in library order', () => {
    const codes = Object.values(rules).map((make) => make().code);
    expect(codes).toEqual([...RULE_CODES]);
  });

  it('refuses options that cannot work, naming the rule and the option', () => {
    expect(() => rules.goal({ max: 0 })).toThrow(/goal\.capped: `max` must be a whole number/);
    expect(() => rules.hop({ cap: 1.5 })).toThrow(/hop\.capped: `cap`/);
    expect(() => rules.environment({ field: '' })).toThrow(/environment\.present/);
  });
});

describe('goal.capped', () => {
  it('says how long the goal may be and how long it was', () => {
    expect(issuesOf(rules.goal(), { goal: 'x'.repeat(1204) })).toEqual([
      {
        rule: 'goal.capped',
        path: ['goal'],
        expected: 'a string of at most 800 characters',
        received: 'a string of 1,204 characters',
      },
    ]);
    expect(issuesOf(rules.goal({ max: 20 }), { goal: 'Fix the retry loop' })).toEqual([]);
  });
});

describe('acceptance.present', () => {
  it('rejects an empty list and blank criteria', () => {
    expect(issuesOf(rules.acceptance(), { acceptance: [] })).toMatchObject([
      { expected: 'an array with at least 1 item', received: 'an empty array' },
    ]);
    expect(issuesOf(rules.acceptance(), { acceptance: ['pytest passes', ''] })).toMatchObject([
      { path: ['acceptance', 1], expected: 'a non-empty string', received: 'an empty string' },
    ]);
  });
});

describe('out_of_scope.present', () => {
  it('accepts an empty list but not a missing one', () => {
    expect(issuesOf(rules.outOfScope(), { out_of_scope: [] })).toEqual([]);
    expect(issuesOf(rules.outOfScope(), {})).toMatchObject([
      { rule: 'out_of_scope.present', expected: 'an array', received: 'no field' },
    ]);
  });
});

describe('goal.original_kept', () => {
  // It reads `goal`, which the goal rule owns.
  const rule = [rules.goal(), rules.originalGoal()];
  it('wants the original beside a narrowed goal, and a different one', () => {
    expect(issuesOf(rule, { goal: 'List sources', goal_narrowed: true })).toEqual([
      {
        rule: 'goal.original_kept',
        path: ['original_goal'],
        expected: 'the goal as it was before narrowing, different from `goal`',
        received: 'no field',
      },
    ]);
    const same = { goal: 'List sources', goal_narrowed: true, original_goal: 'List sources' };
    expect(issuesOf(rule, same)).toMatchObject([{ received: 'the same text as `goal`' }]);
    expect(issuesOf(rule, { goal: 'List sources', goal_narrowed: false })).toEqual([]);
  });
});

describe('artifacts.by_reference', () => {
  const rule = rules.artifactsByReference();
  it('accepts absolute paths and record ids', () => {
    expect(issuesOf(rule, { artifacts: ['/workspace/PLAN.md', 'order:A-1001'] })).toEqual([]);
  });

  it('rejects a relative path and inlined content, saying which artifact', () => {
    const pasted = `def retry():\n${'    pass\n'.repeat(80)}`;
    expect(issuesOf(rule, { artifacts: ['docs/plan.md', pasted] })).toEqual([
      {
        rule: 'artifacts.by_reference',
        path: ['artifacts', 0],
        expected: 'an absolute path (/…) or a record id like `order:A-1001`, not inlined content',
        received: '"docs/plan.md"',
      },
      {
        rule: 'artifacts.by_reference',
        path: ['artifacts', 1],
        expected: 'a reference of at most 512 characters, not inlined content',
        received: 'a string of 733 characters over 82 lines',
      },
      {
        rule: 'artifacts.by_reference',
        path: ['artifacts', 1],
        expected: 'an absolute path (/…) or a record id like `order:A-1001`, not inlined content',
        received: 'a string of 733 characters over 82 lines',
      },
    ]);
  });

  it('takes a custom record id pattern', () => {
    const custom = rules.artifactsByReference({ idPattern: '^[A-Z]+-\\d+$' });
    expect(issuesOf(custom, { artifacts: ['JIRA-12'] })).toEqual([]);
    expect(issuesOf(custom, { artifacts: ['order:A-1'] })).toMatchObject([
      { expected: expect.stringContaining('matching `^[A-Z]+-\\d+$`') },
    ]);
  });
});

describe('findings.fresh', () => {
  const rule = rules.freshFindings();
  const finding = (at?: string) => ({ claim: 'the API has no bulk endpoint', ...(at && { at }) });

  it('judges each timestamp against the handoff’s clock', () => {
    const envelope = {
      findings: [
        finding('2025-06-01T11:00:00Z'),
        finding('2025-05-29T11:00:00Z'),
        finding(),
        finding('2025-06-01T14:00:00Z'),
        finding('yesterday'),
      ],
    };
    const expected = 'an ISO 8601 timestamp at most 24 h before the handoff';
    expect(issuesOf(rule, envelope)).toEqual([
      {
        rule: 'findings.fresh',
        path: ['findings', 1, 'at'],
        expected,
        received: 'a timestamp 3 days 1 h old',
      },
      { rule: 'findings.fresh', path: ['findings', 2, 'at'], expected, received: 'no field' },
      {
        rule: 'findings.fresh',
        path: ['findings', 3, 'at'],
        expected,
        received: 'a timestamp 2 h after the handoff',
      },
      { rule: 'findings.fresh', path: ['findings', 4, 'at'], expected, received: '"yesterday"' },
    ]);
  });

  it('never reads an age just over the cap as the cap itself', () => {
    const justOver = new Date(NOW - 86_400_000 - 1000).toISOString();
    expect(issuesOf(rule, { findings: [finding(justOver)] })).toMatchObject([
      { received: 'a timestamp 24 h 1 s old' },
    ]);
  });

  it('satisfy() restamps only the findings outside the window', () => {
    const fresh = finding('2025-06-01T10:00:00.000Z');
    const fitted = rule.satisfy?.({ findings: [fresh, finding('2001-01-01T00:00:00Z')] }, CTX);
    expect(fitted).toEqual({ findings: [fresh, finding('2025-06-01T12:00:00.000Z')] });
  });
});

describe('findings.capped', () => {
  it('counts the findings against the cap', () => {
    const findings = Array.from({ length: 4 }, (_, i) => ({ claim: `claim ${i}` }));
    expect(issuesOf(rules.cappedFindings({ max: 3 }), { findings })).toEqual([
      {
        rule: 'findings.capped',
        path: ['findings'],
        expected: 'at most 3 findings',
        received: '4 findings',
      },
    ]);
  });
});

describe('environment.present', () => {
  it('wants the handle in the field it is told to use', () => {
    expect(issuesOf(rules.environment({ field: 'sandbox_id' }), {})).toEqual([
      {
        rule: 'environment.present',
        path: ['sandbox_id'],
        expected: "a handle to the sender's environment, such as a sandbox id",
        received: 'no field',
      },
    ]);
  });
});

describe('decisions.recorded', () => {
  it('needs the rejected alternatives as well as the decisions', () => {
    expect(issuesOf(rules.decisions(), { decisions: ['reuse the retry helper'] })).toMatchObject([
      { rule: 'decisions.recorded', path: ['rejected'], received: 'no field' },
    ]);
  });
});

describe('effects.owned', () => {
  it('names the effect that has no owner', () => {
    const effects = [
      { effect: 'send_email', key: 'ticket-8812-confirm', owner: 'refunds' },
      { effect: 'charge_card', key: 'order-A-1001' },
    ];
    expect(issuesOf(rules.effectOwners(), { effects })).toEqual([
      {
        rule: 'effects.owned',
        path: ['effects', 1, 'owner'],
        expected: 'a named owner (the agent that performs the effect)',
        received: 'no field',
      },
    ]);
  });
});

describe('hop.capped', () => {
  it('rejects the cap itself and a numeric string alike', () => {
    const expected = 'a whole number from 0 to 3 (the hop cap is 4)';
    expect(issuesOf(rules.hop(), { hop: 4 })).toMatchObject([{ expected, received: '4' }]);
    expect(issuesOf(rules.hop(), { hop: '2' })).toMatchObject([{ expected, received: '"2"' }]);
    expect(rules.hop().mutations.find((m) => m.name === 'hop.as_string')?.coercion).toBe(true);
  });
});

describe('addressee.matches', () => {
  it('compares the named receiver with the one that got the envelope', () => {
    expect(issuesOf(rules.addressee(), { to: 'coder' })).toEqual([]);
    expect(issuesOf(rules.addressee(), { to: 'reviewer' })).toEqual([
      {
        rule: 'addressee.matches',
        path: ['to'],
        expected: '"coder", the receiver that got it',
        received: '"reviewer"',
      },
    ]);
  });
});
