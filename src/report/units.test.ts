import { describe, expect, it } from 'vitest';
import { countOf } from './units.ts';

describe('countOf', () => {
  it('counts a bounce over observed handoffs, as the bounce check judges every one of them', () => {
    // A case with one bounce among four handoffs must not read "1 of 4 cases".
    expect(countOf('handoff.bounced', 4)).toBe('4 observed handoffs');
    expect(countOf('handoff.bounced', 1, 3)).toBe('1 observed handoff');
  });

  it('counts per-run codes in cases, or case runs when repeated', () => {
    expect(countOf('handoff.hops_exceeded', 5)).toBe('5 cases');
    expect(countOf('case.error', 6, 3)).toBe('6 case runs');
  });

  it('names the unit of every expectation-counted code', () => {
    expect(countOf('handoff.late', 1)).toBe('1 expected handoff');
    expect(countOf('handoff.missing_fact', 7)).toBe('7 facts to carry');
    // The re-ask check has one chance per fact a step gave before the question.
    expect(countOf('handoff.reask', 7)).toBe('7 facts given earlier');
  });
});
