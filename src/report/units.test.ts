import { describe, expect, it } from 'vitest';
import { countOf } from './units.ts';

describe('countOf', () => {
  it('names what a code is counted over: bounces over observed handoffs, hop caps over cases', () => {
    expect(countOf('handoff.bounced', 4)).toBe('4 observed handoffs');
    expect(countOf('handoff.bounced', 1)).toBe('1 observed handoff');
    expect(countOf('handoff.hops_exceeded', 3)).toBe('3 cases');
    expect(countOf('handoff.hops_exceeded', 6, 2)).toBe('6 case runs');
    expect(countOf('handoff.on_time', 2)).toBe('2 expected handoffs');
  });

  it('counts a re-ask over the facts earlier steps gave, one chance per fact', () => {
    expect(countOf('handoff.reask', 7)).toBe('7 facts given earlier');
    expect(countOf('handoff.reask', 1)).toBe('1 fact given earlier');
  });
});
