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
  reaskable: 16,
  seenIn: { pingPong: [], reask: [], override: [], undecided: [] },
});

describe('renderStats', () => {
  it('says no receiver is known to be a person when none is, beside the escalation figures', () => {
    const text = renderStats(metrics(false), ['t.jsonl'], { cut: 0 });

    expect(text).toContain(`\n${NO_PERSONS}\n`);
    expect(text).toMatch(/escalations left undecided +0 \(no person known, see below\)/);
  });

  it('says nothing of the kind once a receiver is a person', () => {
    const text = renderStats(metrics(true), ['t.jsonl'], { cut: 0 });

    expect(text).not.toContain(NO_PERSONS);
    expect(text).toMatch(/escalations left undecided +10\n/);
    expect(text).toContain('oncall (person)');
  });

  it('heads the wait table’s counts as what they are: answered and never answered', () => {
    const lines = renderStats(metrics(true), ['t.jsonl'], { cut: 0 }).split('\n');

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

  it('names the conversations behind a rate, says who answered none, and what was skipped', () => {
    const m: ProductionMetrics = {
      ...metrics(true),
      pingPong: { count: 1, of: 10, rate: 0.1, low: 0.02, high: 0.4 },
      seenIn: { pingPong: ['conv-7'], reask: [], override: [], undecided: ['conv-2'] },
    };
    const skipped = { traces: 19, examples: ['GET /healthz'] };

    const lines = renderStats(m, ['t.jsonl'], { cut: 0, skipped }).split('\n');

    expect(lines[1]).toBe(
      'Skipped 19 traces that are not conversations ("GET /healthz"): no agent span, handoff or step input in them.',
    );
    expect(lines.find((l) => l.includes('ping-pong'))).toMatch(/\]: conv-7$/);
    expect(lines.find((l) => l.includes('undecided'))).toMatch(/ 10: conv-2$/);
    expect(
      lines
        .find((l) => l.includes('oncall'))
        ?.trim()
        .split(/ {2,}/),
    ).toEqual(['oncall (person)', 'none answered', '—', '—', '0', '10']);
  });
});
