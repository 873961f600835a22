import { describe, expect, it } from 'vitest';
import { matchHandoffs } from '../checks/match-handoffs.ts';
import { expect_, handoff } from '../checks/timeline-fixtures.ts';
import { confusionMatrix } from './confusion.ts';
import { targetPairs } from './targets.ts';

describe('targetPairs: the confusion of targets follows the alignment', () => {
  it('a bounce before the correct escalation counts as an extra handoff, not a wrong target', () => {
    const expected = [expect_('refunds', 'supervisor', 2)];
    const matching = matchHandoffs(expected, [
      handoff('refunds', 'triage', 1),
      handoff('refunds', 'supervisor', 2),
    ]);
    expect(targetPairs(matching, 1)).toEqual([
      { expected: 'supervisor', observed: 'supervisor' },
      { expected: 'none', observed: 'triage' },
    ]);
  });

  it('a handoff elsewhere before the window is none × billing, and refunds × none', () => {
    const matching = matchHandoffs(
      [expect_('triage', 'refunds', 1)],
      [handoff('triage', 'billing', 0)],
    );
    expect(confusionMatrix(targetPairs(matching, 1))).toEqual({
      labels: ['billing', 'refunds', 'none'],
      counts: { refunds: { none: 1 }, none: { billing: 1 } },
    });
  });

  it('a wrong target in the window is refunds × billing', () => {
    const matching = matchHandoffs(
      [expect_('triage', 'refunds', 1)],
      [handoff('triage', 'billing', 1)],
    );
    expect(targetPairs(matching, 1)).toEqual([{ expected: 'refunds', observed: 'billing' }]);
  });
});
