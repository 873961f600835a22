import { describe, expect, it } from 'vitest';
import type { ProductionMetrics, QueueWait } from '../model/production-metrics.ts';
import { NO_PERSONS, renderStats } from './render-stats.ts';

const none = { count: 0, of: 0, rate: 0, low: 0, high: 1 };
const wait = (count: number, unanswered: number, person: boolean): QueueWait => ({
  count,
  unanswered,
  p50Ms: 1,
  p95Ms: 2,
  maxMs: 3,
  person,
});
const metrics = (oncallIsPerson: boolean): ProductionMetrics => ({
  conversations: 10,
  handoffs: 16,
  pingPong: none,
  reask: none,
  override: none,
  undecidedEscalations: oncallIsPerson ? 10 : 0,
  waits: { accounts: wait(4, 2, false), oncall: wait(0, 10, oncallIsPerson) },
  hops: { mean: 1.6, p50: 1, p95: 3, max: 3, histogram: {} },
});

describe('renderStats', () => {
  it('says no receiver is known to be a person when none is, beside the escalation figures', () => {
    const text = renderStats(metrics(false), ['t.jsonl'], 0);

    expect(text).toContain(`\n${NO_PERSONS}\n`);
    expect(text).toMatch(/escalations left undecided +0 \(no person known, see below\)/);
  });

  it('says nothing of the kind once a receiver is a person', () => {
    const text = renderStats(metrics(true), ['t.jsonl'], 0);

    expect(text).not.toContain(NO_PERSONS);
    expect(text).toMatch(/escalations left undecided +10\n/);
    expect(text).toContain('oncall (person)');
  });

  it('heads the wait table’s counts as what they are: answered and never answered', () => {
    const lines = renderStats(metrics(true), ['t.jsonl'], 0).split('\n');

    expect(
      lines
        .find((l) => l.trim().startsWith('receiver'))
        ?.trim()
        .split(/ {2,}/),
    ).toEqual(['receiver', 'p50', 'p95', 'max', 'answered', 'never answered']);
    expect(
      lines
        .find((l) => l.trim().startsWith('accounts'))
        ?.trim()
        .split(/ +/)
        .slice(-2),
    ).toEqual(['4', '2']);
  });
});
