import { fileURLToPath } from 'node:url';
import type { Step } from 'baton-handoffs';
import { describe, expect, it } from 'vitest';
import { factsInText } from './extract.ts';
import { loadPolicy, type Policy, parsePolicy } from './policy.ts';
import { decide } from './router.ts';
import { type Action, type CaseState, initialState } from './state.ts';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const current = await loadPolicy(here('./policy.yaml'));
const regressed = await loadPolicy(here('./policy-regressed.yaml'));

const say = (text: string): Step => ({ kind: 'customer', text });
const fail = (name: string, error = 'timeout'): Step => ({ kind: 'tool', name, ok: false, error });
const ok = (name: string, result: unknown = {}): Step => ({ kind: 'tool', name, ok: true, result });
const signal = (values: Record<string, number>): Step => ({ kind: 'signal', values });
const decision = (d: string): Step => ({ kind: 'person', who: 'supervisor', decision: d });

type Handoff = Extract<Action, { kind: 'handoff' }>;

/** Feeds the steps to the router; returns every action tagged with its step, and the end state. */
function replay(policy: Policy, steps: readonly Step[], entry = 'triage') {
  let state: CaseState = initialState(entry);
  const actions: (Action & { step: number })[] = [];
  steps.forEach((step, i) => {
    const d = decide(policy, state, step, i);
    state = d.state;
    actions.push(...d.actions.map((a) => ({ ...a, step: i })));
  });
  const handoffs = actions.filter((a): a is Handoff & { step: number } => a.kind === 'handoff');
  return {
    state,
    actions,
    handoffs,
    path: handoffs.map((h) => `${h.from}>${h.to}@${h.step}:${h.reason}`),
  };
}

describe('capability boundary', () => {
  it('routes a billing question from triage to billing at once', () => {
    const { path } = replay(current, [say('I was charged twice this month.')]);
    expect(path).toEqual(['triage>billing@0:capability_boundary']);
  });

  it('asks for the order id before routing a refund, then carries it', () => {
    const run = replay(current, [
      say('I want a refund, it broke.'),
      say('Order A-1001, 120 euro.'),
    ]);
    expect(run.actions[0]).toEqual({ kind: 'ask', by: 'triage', fields: ['order_id'], step: 0 });
    expect(run.path).toEqual(['triage>refunds@1:capability_boundary']);
    expect(run.handoffs[0]?.payload.facts).toEqual({
      order_id: 'A-1001',
      amount: 120,
      currency: 'EUR',
    });
    expect(run.actions).toContainEqual({ kind: 'accept', by: 'refunds', from: 'triage', step: 1 });
  });

  it('moves a lead along sales -> quotes -> invoicing with the quote id', () => {
    const { path, handoffs } = replay(
      current,
      [
        say('We are interested in your premium plan.'),
        say('Please send a quote for 40 seats.'),
        ok('quote_builder', { quote_id: 'Q-3307', total: 9600 }),
        say('We accept the quote.'),
      ],
      'sales',
    );
    expect(path).toEqual([
      'sales>quotes@1:capability_boundary',
      'quotes>invoicing@3:capability_boundary',
    ]);
    expect(handoffs[1]?.payload.facts.quote_id).toBe('Q-3307');
  });

  it('does not read "we accept" as an accepted quote outside a quote', () => {
    expect(replay(current, [say('We accept your new terms, thanks.')]).path).toEqual([]);
  });

  it('keeps shipping and account questions with triage', () => {
    const steps = [
      say('Where is my order A-4471?'),
      ok('carrier_tracking'),
      say('I forgot my password.'),
    ];
    expect(replay(current, steps).path).toEqual([]);
  });
});

describe('policy gate', () => {
  const refund = (amount: string) => [say(`Refund order A-1001 please, I paid ${amount}.`)];

  it.each([
    ['€499', []],
    ['500 euro', []],
    ['750 euro', ['refunds>supervisor@0:policy_gate']],
    ['€1,200', ['refunds>supervisor@0:policy_gate']],
  ])('refund of %s under the current limit of 500', (amount, gated) => {
    expect(replay(current, refund(amount)).path).toEqual([
      'triage>refunds@0:capability_boundary',
      ...gated,
    ]);
  });

  it('lets 750 through and still gates 1,200 under the regressed limit of 1000', () => {
    expect(replay(regressed, refund('750 euro')).path).toEqual([
      'triage>refunds@0:capability_boundary',
    ]);
    expect(replay(regressed, refund('€1,200')).path).toContain('refunds>supervisor@0:policy_gate');
  });

  it('fires on the tool result that reveals the amount', () => {
    const steps = [
      say('Refund order A-7781, it never arrived.'),
      ok('order_lookup', { amount: 1340 }),
    ];
    expect(replay(current, steps).path.at(-1)).toBe('refunds>supervisor@1:policy_gate');
  });

  it('returns the work to refunds after the decision, which then finishes', () => {
    const steps = [
      ...refund('750 euro'),
      decision('approve'),
      ok('refund_payment'),
      say('Thanks!'),
    ];
    const run = replay(current, steps);
    expect(run.path.slice(1)).toEqual([
      'refunds>supervisor@0:policy_gate',
      'supervisor>refunds@1:person_decision',
    ]);
    expect(run.handoffs[2]?.targetKind).toBe('agent');
    expect(run.handoffs[2]?.payload.decision).toEqual({ who: 'supervisor', decision: 'approve' });
    expect(run.state.owner).toBe('refunds');
  });
});

describe('signal rules', () => {
  const onSignal = (policy: Policy, values: Record<string, number>) =>
    replay(policy, [say('Please check the invoice for March.'), signal(values)]).path.slice(1);

  it.each([
    [{ confidence: 0.59 }, ['billing>supervisor@1:low_confidence']],
    [{ confidence: 0.6 }, []],
    [{ confidence: 0.61 }, []],
    [{ budget_used: 0.89 }, []],
    [{ budget_used: 0.9 }, ['billing>team_queue@1:budget_exhausted']],
    [{ deadline_minutes: 31 }, []],
    [{ deadline_minutes: 30 }, ['billing>team_queue@1:deadline_risk']],
    [{ deadline_minutes: 25, confidence: 0.2 }, ['billing>team_queue@1:deadline_risk']],
  ])('%o under the current policy', (values, expected) => {
    expect(onSignal(current, values)).toEqual(expected);
  });

  it('has no deadline rule in the regressed policy', () => {
    expect(onSignal(regressed, { deadline_minutes: 12 })).toEqual([]);
  });

  it.each([
    ['I want to speak to a manager.', ['triage>supervisor@0:explicit_request']],
    ['This is unacceptable, my lawyer will call you.', ['triage>supervisor@0:explicit_request']],
    ['Can I talk to a real person?', ['triage>supervisor@0:explicit_request']],
  ])('escalates "%s" at once', (text, expected) => {
    expect(replay(current, [say(text)]).path).toEqual(expected);
  });

  it('does not escalate "my manager asked me"', () => {
    const run = replay(current, [say('My manager asked me for the March invoice.')], 'billing');
    expect(run.path).toEqual([]);
  });

  it('carries what it knows when the customer asks for a person mid-refund', () => {
    const run = replay(current, [say('This is ridiculous, refund order A-5521 now!')]);
    expect(run.path).toEqual(['triage>supervisor@0:explicit_request']);
    expect(run.handoffs[0]?.payload.facts.order_id).toBe('A-5521');
  });
});

describe('no progress', () => {
  const failing = [
    say('Where is my order A-6621?'),
    fail('order_lookup'),
    fail('order_lookup'),
    fail('order_lookup', '503'),
  ];

  it('escalates at the second consecutive failure, with the attempts attached', () => {
    const run = replay(current, failing);
    expect(run.path).toEqual(['triage>supervisor@2:no_progress']);
    expect(run.handoffs[0]?.payload.attempts).toEqual([
      { step: 1, tool: 'order_lookup', error: 'timeout' },
      { step: 2, tool: 'order_lookup', error: 'timeout' },
    ]);
  });

  it('escalates one step later under the regressed policy (third failure)', () => {
    expect(replay(regressed, failing).path).toEqual(['triage>supervisor@3:no_progress']);
  });

  it('counts only consecutive failures', () => {
    const steps = [
      say('Receipts please.'),
      fail('receipt_pdf'),
      ok('receipt_pdf'),
      fail('receipt_pdf'),
    ];
    expect(replay(current, steps, 'billing').path).toEqual([]);
  });
});

describe('purity and extraction', () => {
  it('does not change the state it is given', () => {
    const state = Object.freeze(initialState('triage'));
    decide(current, state, say('Refund order A-1 please, €900.'), 0);
    expect(state).toEqual(initialState('triage'));
  });

  it.each([
    ['Order A-1001, it was 750 euro.', { order_id: 'A-1001', amount: 750, currency: 'EUR' }],
    ['I paid €1,200 for B-20417.', { order_id: 'B-20417', amount: 1200, currency: 'EUR' }],
    ['They were $120.', { amount: 120, currency: 'USD' }],
    ['We accept the quote Q-4410.', { quote_id: 'Q-4410' }],
    ['Account EU-51877, 25 seats.', {}],
  ])('reads facts from "%s"', (text, facts) => {
    expect(factsInText(text)).toEqual(facts);
  });
});

describe('policy file', () => {
  it('names the file and the problem when a threshold is wrong', () => {
    const text =
      'name: x\nversion: "1"\npersons: [supervisor]\nagents: {}\nintents: [{ name: a, phrases: [a] }]\nrules: { low_confidence: { min_confidence: 6, to: supervisor } }\n';
    expect(() => parsePolicy(text, 'bad.yaml')).toThrow(
      /^Failed to load policy bad\.yaml: rules\.low_confidence\.min_confidence: .*Fix the policy file/,
    );
  });

  it('rejects a rule that escalates to nobody it knows', () => {
    const text =
      'name: x\nversion: "1"\npersons: [supervisor]\nagents: {}\nintents: [{ name: a, phrases: [a] }]\nrules: { deadline_risk: { deadline_risk_minutes: 30, to: team_q } }\n';
    expect(() => parsePolicy(text, 'p.yaml')).toThrow(
      'rules.deadline_risk.to: "team_q" is neither a person nor an agent',
    );
  });

  it('reports a missing file by name', async () => {
    await expect(loadPolicy('/nowhere/policy.yaml')).rejects.toThrow(
      /^Failed to load policy \/nowhere\/policy\.yaml: /,
    );
  });
});
