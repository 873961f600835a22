import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { Timeline, TimelineEvent } from '../../model/timeline.ts';
import { conversationFacts } from './conversation-facts.ts';
import { escalationOutcomes } from './overrides.ts';
import { MAX_SEEN_IN, ProductionTally } from './production-tally.ts';
import { payloadKeys, reaskedHandoffs } from './reasks.ts';
import { waitsOf } from './waits.ts';

let n = 0;
const id = () => `e${++n}`;
const handoff = (from: string, to: string, at: number, payload?: unknown): TimelineEvent => ({
  kind: 'handoff',
  from,
  to,
  at,
  step: Math.floor(at / 100),
  spanId: id(),
  ...(payload !== undefined && { payload }),
});
const turn = (agent: string, at: number): TimelineEvent => ({
  kind: 'agent_turn',
  agent,
  at,
  end: at + 1,
  step: Math.floor(at / 100),
  spanId: id(),
});
const ask = (by: string, at: number, fields: string[]): TimelineEvent => ({
  kind: 'question',
  by,
  to: 'customer',
  fields,
  at,
  step: Math.floor(at / 100),
  spanId: id(),
});
const decide = (person: string, at: number, decision: string): TimelineEvent => ({
  kind: 'decision',
  person,
  decision,
  at,
  step: Math.floor(at / 100),
  spanId: id(),
});
const tl = (...events: TimelineEvent[]): Timeline => ({
  events: [...events].sort((a, b) => a.at - b.at),
});
const PEOPLE = new Set(['supervisor']);

describe('waits per queue', () => {
  it('measure from the handoff to the receiver’s first action, or none when it never acts', () => {
    const t = tl(
      turn('triage', 0),
      handoff('triage', 'refunds', 10),
      turn('refunds', 25),
      handoff('refunds', 'supervisor', 30),
      decide('supervisor', 530, 'approve'),
      handoff('supervisor', 'refunds', 531),
      turn('refunds', 600),
    );
    expect(waitsOf(t)).toEqual([
      { queue: 'refunds', ms: 15 },
      { queue: 'supervisor', ms: 500 },
      { queue: 'refunds', ms: 69 },
    ]);
    expect(waitsOf(tl(handoff('triage', 'team_queue', 10)))).toEqual([{ queue: 'team_queue' }]);
  });
});

describe('re-asks', () => {
  it('count a receiver asking for a fact the payload it received already held', () => {
    const t = tl(
      handoff('triage', 'refunds', 10, { facts: { order_id: 'A-1001' } }),
      ask('refunds', 20, ['order_id']),
    );
    expect([...reaskedHandoffs(t)]).toEqual([0]);
  });
  it('count a receiver asking for what the customer was asked before the handoff', () => {
    const t = tl(
      ask('triage', 0, ['orderId']),
      handoff('triage', 'refunds', 110, { facts: {} }),
      ask('refunds', 120, ['Order ID']),
    );
    expect([...reaskedHandoffs(t)]).toEqual([0]);
  });
  it('do not count a first question, a question before the handoff, or a question by someone else', () => {
    const t = tl(
      ask('refunds', 0, ['amount']),
      handoff('triage', 'refunds', 10, { facts: { order_id: '' } }),
      ask('refunds', 20, ['order_id']),
      ask('billing', 30, ['amount']),
    );
    expect(reaskedHandoffs(t).size).toBe(0);
  });
  it('read keys with values at any depth, not empty ones', () => {
    expect([
      ...payloadKeys({ a: { order_id: 'A-1', empty: [], none: null }, list: [{ sku: 1 }] }),
    ]).toEqual(['a', 'orderid', 'list', 'sku']);
    expect(payloadKeys('plain text').size).toBe(0);
  });
});

describe('person overrides', () => {
  it('count reversing decisions over decided escalations; a stated proposal wins over the word list', () => {
    const t = tl(
      handoff('refunds', 'supervisor', 10),
      decide('supervisor', 100, 'reject'),
      handoff('refunds', 'supervisor', 200, { proposed_decision: 'reject' }),
      decide('supervisor', 300, 'Reject'),
      handoff('refunds', 'supervisor', 400, { recommendation: 'approve' }),
      decide('supervisor', 500, 'edit'),
      handoff('billing', 'supervisor', 600),
    );
    expect(escalationOutcomes(t, PEOPLE)).toEqual({ escalations: 4, decided: 3, overridden: 2 });
    expect(escalationOutcomes(t, PEOPLE, ['edit'])).toMatchObject({ overridden: 1 });
  });
});

describe('the production tally', () => {
  it('adds conversations into rates, waits per queue and hops', () => {
    const tally = new ProductionTally();
    const pingPong = tl(
      handoff('triage', 'billing', 10),
      handoff('billing', 'triage', 20),
      handoff('triage', 'supervisor', 30),
      decide('supervisor', 90, 'approve'),
    );
    const quiet = tl(turn('triage', 0));
    for (const t of [pingPong, quiet])
      tally.add(conversationFacts({ timeline: t, persons: PEOPLE }), PEOPLE);
    const m = tally.metrics();
    expect(m).toMatchObject({
      conversations: 2,
      handoffs: 3,
      pingPong: { count: 1, of: 2 },
      override: { count: 0, of: 1 },
      undecidedEscalations: 0,
      hops: { mean: 1.5, p50: 0, max: 3, histogram: { '0': 1, '3': 1 } },
    });
    expect(m.waits.supervisor).toEqual({
      count: 1,
      unanswered: 0,
      p50Ms: 60,
      p95Ms: 60,
      maxMs: 60,
      person: true,
    });
    expect(m.waits.billing?.person).toBe(false);
  });

  it('names the first conversations behind each count that is not 0, up to its cap', () => {
    const tally = new ProductionTally();
    const bounced = tl(handoff('triage', 'billing', 10), handoff('billing', 'triage', 20));
    const undecided = tl(handoff('triage', 'supervisor', 10, { order_id: 'A-1' }));
    for (let i = 0; i < MAX_SEEN_IN + 5; i++)
      tally.add(conversationFacts({ timeline: bounced, persons: PEOPLE }), PEOPLE, `bounce-${i}`);
    tally.add(conversationFacts({ timeline: undecided, persons: PEOPLE }), PEOPLE, 'waiting');
    tally.add(conversationFacts({ timeline: undecided, persons: PEOPLE }), PEOPLE);

    const m = tally.metrics();

    expect(m.pingPong.count).toBe(MAX_SEEN_IN + 5);
    expect(m.seenIn.pingPong).toHaveLength(MAX_SEEN_IN);
    expect(m.seenIn.pingPong[0]).toBe('bounce-0');
    expect(m.seenIn).toMatchObject({ reask: [], override: [], undecided: ['waiting'] });
    // Handoffs made once a payload held a fact: the escalations, not the bounces.
    expect(m.reaskable).toBe(2);
  });

  test.prop([fc.array(fc.integer({ min: 0, max: 3_600_000 }), { minLength: 1, maxLength: 300 })])(
    'reports wait quantiles within 0.1% (and 1 µs) of the exact ones',
    (waits) => {
      const tally = new ProductionTally();
      for (const ms of waits)
        tally.add(
          {
            handoffs: 1,
            bounced: 0,
            reasked: 0,
            reaskable: 0,
            escalations: 0,
            decided: 0,
            overridden: 0,
            waits: [{ queue: 'q', ms }],
          },
          new Set(),
        );
      const sorted = [...waits].sort((a, b) => a - b);
      const exact = (p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] as number;
      const q = tally.metrics().waits.q!;
      for (const [got, want] of [
        [q.p50Ms, exact(0.5)],
        [q.p95Ms, exact(0.95)],
        [q.maxMs, sorted.at(-1) as number],
      ] as const)
        expect(Math.abs(got - want)).toBeLessThanOrEqual(want * 0.001 + 0.001);
    },
  );
});
