import { describe, expect, it } from 'vitest';
import { handoff as handoffAt } from '../../checks/timeline-fixtures.ts';
import type { Timeline, TimelineEvent } from '../../model/timeline.ts';
import { payloadFacts, spokenReasks } from './spoken-reasks.ts';

const handoff = (from: string, to: string, at: number, payload?: unknown): TimelineEvent =>
  handoffAt(from, to, 0, { at, spanId: `h${at}`, ...(payload !== undefined && { payload }) });
const says = (by: string, at: number, text: string): TimelineEvent => ({
  kind: 'question',
  by,
  to: 'customer',
  fields: [],
  text,
  at,
  step: 0,
  spanId: `q${at}`,
});
const tl = (...events: TimelineEvent[]): Timeline => ({ events });
const PHRASINGS = { order_id: ['order number'] };

describe('re-asks in plain words', () => {
  it('count a receiver asking in words for a fact the payload it received held', () => {
    const t = tl(
      handoff('triage', 'refunds', 10, { order_id: 'A-3808', amount: 42 }),
      says('refunds', 20, "I'm sorry about that! What is your order id?"),
    );

    expect([...spokenReasks(t)]).toEqual([0]);
  });

  it('read the suite’s phrasings as the run’s re-ask check does, and only with them', () => {
    const t = tl(
      handoff('triage', 'refunds', 10, { order_id: 'A-3808' }),
      says('refunds', 20, 'What is your order number?'),
    );

    expect([...spokenReasks(t, PHRASINGS)]).toEqual([0]);
    expect(spokenReasks(t).size).toBe(0);
  });

  it('do not count a question that states the value, or one whose asker was handed nothing', () => {
    const t = tl(
      handoff('triage', 'refunds', 10, { order_id: 'A-3808' }),
      says('refunds', 20, 'I have order A-3808: is that the order number?'),
      says('billing', 30, 'What is your order number?'),
    );

    expect(spokenReasks(t, PHRASINGS).size).toBe(0);
  });

  it('do not take a fact a payload gave only after the work reached the asker', () => {
    const t = tl(
      handoff('triage', 'refunds', 10),
      says('refunds', 20, 'What is your order number?'),
      handoff('refunds', 'billing', 30, { order_id: 'A-3808' }),
    );

    expect(spokenReasks(t, PHRASINGS).size).toBe(0);
  });
});

describe('payloadFacts', () => {
  it('reads texts and numbers at any depth, first key wins, no flags or empty values', () => {
    const facts = payloadFacts({
      facts: { order_id: 'A-1', amount: 35, urgent: true, note: '' },
      items: [{ sku: 'K-9', order_id: 'other' }],
    });

    expect([...facts]).toEqual([
      ['order_id', 'A-1'],
      ['amount', '35'],
      ['sku', 'K-9'],
    ]);
    expect(payloadFacts('plain text').size).toBe(0);
  });
});
