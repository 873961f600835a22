import { describe, expect, it } from 'vitest';
import type { Finding } from '../model/finding.ts';
import { matchHandoffs } from './match-handoffs.ts';
import { expect_, handoff } from './timeline-fixtures.ts';
import { unstatedReasons } from './unstated-reasons.ts';

const labelled = [expect_('triage', 'refunds', 0, { reason: 'capability_boundary' })];

describe('unstatedReasons', () => {
  it('notes a paired handoff that states no reason while its label names one', () => {
    const notes = unstatedReasons(matchHandoffs(labelled, [handoff('triage', 'refunds', 0)]), []);

    expect(notes.map((n) => n.code)).toEqual(['reason.unstated']);
    expect(notes[0]?.fix).toContain('require: true');
  });

  it('says nothing when the handoff states a reason, or the label names none', () => {
    const stated = handoff('triage', 'refunds', 0, { reason: 'policy_gate' });

    expect(unstatedReasons(matchHandoffs(labelled, [stated]), [])).toEqual([]);
    expect(
      unstatedReasons(
        matchHandoffs([expect_('triage', 'refunds', 0)], [handoff('triage', 'refunds', 0)]),
        [],
      ),
    ).toEqual([]);
  });

  it('says nothing of a missed or wrong-target expectation, or one require judged already', () => {
    const h = handoff('triage', 'refunds', 0);
    const judged = { code: 'handoff.wrong_reason', spanIds: [h.spanId] } as unknown as Finding;

    expect(unstatedReasons(matchHandoffs(labelled, []), [])).toEqual([]);
    expect(unstatedReasons(matchHandoffs(labelled, [handoff('triage', 'billing', 0)]), [])).toEqual(
      [],
    );
    expect(unstatedReasons(matchHandoffs(labelled, [h]), [judged])).toEqual([]);
  });
});
