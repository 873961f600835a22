import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { EffectPrerequisite, ExpectedEffect } from '../../model/labelled-case.ts';
import type { TimelineEvent } from '../../model/timeline.ts';
import { describeFinding } from '../describe-finding.ts';
import { effect, effectLabels, expectEffect, handoff, timeline } from './effect-fixtures.ts';
import { effectOrder } from './effect-order.ts';

const reviews: EffectPrerequisite[] = [
  { kind: 'handoff', from: 'security', to: 'merger' },
  { kind: 'handoff', from: 'style', to: 'merger' },
];

const merge = (after: readonly EffectPrerequisite[], times = 1): ExpectedEffect => ({
  ...expectEffect('merge', 'PR-7', times, 'merger'),
  after,
});

describe('effect-order', () => {
  it('passes a merge made after both reviews reached the merger, in the same step', () => {
    const t = timeline(
      handoff('security', 'merger', 2),
      handoff('style', 'merger', 2),
      effect('merge', 'PR-7', 'merger', 2),
    );
    expect(effectOrder.run(t, effectLabels([merge(reviews)]), {})).toEqual([]);
  });

  it('fails a merge made after the first review and before the second, within one step', () => {
    const first = handoff('security', 'merger', 2);
    const committed = effect('merge', 'PR-7', 'merger', 2);
    const second = handoff('style', 'merger', 2);
    const [finding, ...rest] = effectOrder.run(
      timeline(first, committed, second),
      effectLabels([merge(reviews)]),
      {},
    );

    expect(rest).toEqual([]);
    expect(finding).toMatchObject({
      code: 'effect.out_of_order',
      step: 2,
      spanIds: [committed.spanId, second.spanId],
    });
    expect(describeFinding(finding!)).toBe(
      'merge PR-7 committed at step 2 by merger before style → merger (at step 2, after it)',
    );
  });

  it('names a prerequisite that never happened, and each one the commit came before', () => {
    const t = timeline(effect('merge', 'PR-7', 'merger', 1));
    const [finding] = effectOrder.run(t, effectLabels([merge(reviews)]), {});
    expect(describeFinding(finding!)).toBe(
      'merge PR-7 committed at step 1 by merger before security → merger (which never happened) and style → merger (which never happened)',
    );
  });

  it('reads an effect prerequisite by name, and by key when the label gives one', () => {
    const deploy = (key?: string): ExpectedEffect => ({
      ...expectEffect('deploy', 'v2', 1),
      after: [{ kind: 'effect', effect: 'merge', ...(key !== undefined && { key }) }],
    });
    const t = timeline(effect('merge', 'PR-9', 'merger', 0), effect('deploy', 'v2', 'ops', 0));
    expect(effectOrder.run(t, effectLabels([deploy()]), {})).toEqual([]);
    expect(effectOrder.run(t, effectLabels([deploy('PR-9')]), {})).toEqual([]);
    const [finding] = effectOrder.run(t, effectLabels([deploy('PR-7')]), {});
    expect(describeFinding(finding!)).toBe(
      'deploy v2 committed at step 0 by ops before merge PR-7 (which never happened)',
    );
  });

  it('never takes an effect as its own prerequisite, nor a failed commit as one', () => {
    const twice: ExpectedEffect = {
      ...expectEffect('merge', 'PR-7', 2),
      after: [{ kind: 'effect', effect: 'merge' }],
    };
    const t = timeline(
      effect('merge', 'PR-1', 'm', 0, { outcome: 'failed' }),
      effect('merge', 'PR-7', 'm', 0),
      effect('merge', 'PR-7', 'm', 1),
    );
    const found = effectOrder.run(t, effectLabels([twice]), {});
    // The first commit had no other merge before it; the second had the first.
    expect(found.map((f) => f.step)).toEqual([0]);
  });

  it('does not fail a merge the spans cannot place before a review: both in one whole millisecond', () => {
    const t = (reviewAt: number) =>
      timeline(
        handoff('security', 'merger', 2, 200),
        effect('merge', 'PR-7', 'merger', 2, { at: 201 }),
        handoff('style', 'merger', 2, reviewAt),
      );
    expect(effectOrder.run(t(201), effectLabels([merge(reviews)]), {})).toEqual([]);
    expect(effectOrder.run(t(202), effectLabels([merge(reviews)]), {})).toHaveLength(1);
  });

  it('judges only the first `times` commits, and counts an opportunity for each', () => {
    const t = timeline(
      handoff('security', 'merger', 0),
      handoff('style', 'merger', 0),
      effect('merge', 'PR-7', 'merger', 0),
      effect('merge', 'PR-7', 'merger', 0, { at: 1e-7 }),
    );
    // The extra commit, placed first in time, is effect-count's double: here the first `times`.
    expect(effectOrder.run(t, effectLabels([merge(reviews)]), {})).toHaveLength(1);
    expect(effectOrder.opportunities(t, effectLabels([merge(reviews, 2)]), {})).toEqual({
      'effect.out_of_order': 2,
    });
    expect(
      effectOrder.opportunities(t, effectLabels([expectEffect('merge', 'PR-7', 1)]), {}),
    ).toEqual({ 'effect.out_of_order': 0 });
  });

  test.prop([fc.array(fc.constantFrom('sec', 'sty', 'merge', 'other'), { maxLength: 8 })])(
    'fails a commit exactly when a listed handoff is not among the events before it',
    (order) => {
      const made: TimelineEvent[] = order.map((what, i) =>
        what === 'merge'
          ? effect('merge', 'PR-7', 'merger', 0, { at: i })
          : what === 'other'
            ? handoff('coder', 'merger', 0, i)
            : handoff(what === 'sec' ? 'security' : 'style', 'merger', 0, i),
      );
      const first = order.indexOf('merge');
      const found = effectOrder.run(timeline(...made), effectLabels([merge(reviews)]), {});
      const before = order.slice(0, Math.max(first, 0));
      const inOrder = first < 0 || (before.includes('sec') && before.includes('sty'));
      expect(found.length).toBe(inOrder ? 0 : 1);
    },
  );
});
