import { describe, expect, it } from 'vitest';
import type { ProductionMetrics } from '../model/production-metrics.ts';
import { conversationsText, rateIn, reaskText, waitSummary, waitTime } from './metric-words.ts';

const rate = (count: number, of: number) => ({ count, of, rate: count / of, low: 0, high: 1 });

describe('the words of the production metrics', () => {
  it('print waits as a person reads them, sub-second ones to three digits', () => {
    expect(waitTime(2.2)).toBe('2.2ms');
    expect(waitTime(999)).toBe('999ms');
    expect(waitTime(12_400)).toBe('12.4s');
    expect(waitTime(1_831_862.3)).toBe('30m 31.8s');
    expect(waitTime(90_061_000)).toBe('1d 1h');
  });

  it('say a queue nobody answered was never answered, instead of 0 / 0 ms', () => {
    const never = { count: 0, unanswered: 1, p50Ms: 0, p95Ms: 0, maxMs: 0, person: true };
    const some = { ...never, count: 2, p50Ms: 1_831_862, p95Ms: 3_601_271 };

    expect(waitSummary(never)).toBe('never answered (1 handoff)');
    expect(waitSummary(some)).toBe('30m 31.8s / 1h 1.2s (2 answered, 1 never answered)');
  });

  it('name the conversations behind a rate that is not 0, the first three', () => {
    expect(rateIn(rate(1, 39), ['sess-1'])).toMatch(/^2\.6% \(1\/39\) \[.*\]: sess-1$/);
    expect(rateIn(rate(0, 39), [])).not.toContain(':');
    expect(conversationsText(['a', 'b', 'c', 'd'])).toBe(': a, b, c, …');
  });

  it('say a re-ask rate measured nothing when nothing held a fact to ask again', () => {
    const m = { handoffs: 4, reaskable: 0, reask: rate(0, 4) } as ProductionMetrics;

    expect(reaskText(m)).toBe(
      'not measured (no handoff payload held a fact, and no question named one)',
    );
    expect(reaskText({ ...m, reaskable: 2, seenIn: { reask: [] } } as never)).toMatch(/^0\.0%/);
  });
});
