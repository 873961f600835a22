import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { ExpectedEffect } from '../../model/labelled-case.ts';
import { describeFinding } from '../describe-finding.ts';
import { effect, effectLabels, expectEffect, timeline } from './effect-fixtures.ts';
import { effectWindow } from './effect-window.ts';

const windowed = (window: [number, number], times = 1, key = 'A-1'): ExpectedEffect => ({
  ...expectEffect('refund', key, times),
  window,
});

describe('effect-window', () => {
  it('calls a commit before the window effect.early, with a negative distance in steps', () => {
    const t = timeline(effect('refund', 'A-1', 'refunds', 0));
    const [finding, ...rest] = effectWindow.run(t, effectLabels([windowed([2, 3])]), {});

    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ code: 'effect.early', step: 0, distance: -2 });
    expect(describeFinding(finding!)).toBe(
      'refund A-1 committed at step 0 by refunds, 2 steps before steps 2–3',
    );
  });

  it('calls a commit after the window effect.late, and one inside on time (no finding)', () => {
    const late = timeline(effect('refund', 'A-1', 'refunds', 4));
    const onTime = timeline(effect('refund', 'A-1', 'refunds', 2));
    const labels = effectLabels([windowed([2, 2])]);

    const [finding] = effectWindow.run(late, labels, {});
    expect(finding).toMatchObject({ code: 'effect.late', step: 4, distance: 2 });
    expect(describeFinding(finding!)).toBe(
      'refund A-1 committed at step 4 by refunds, 2 steps after step 2',
    );
    expect(effectWindow.run(onTime, labels, {})).toEqual([]);
  });

  it('judges only the first `times` commits: extra ones are doubles, not late', () => {
    const t = timeline(effect('refund', 'A-1', 'r', 1), effect('refund', 'A-1', 'r', 5));
    expect(effectWindow.run(t, effectLabels([windowed([1, 1])]), {})).toEqual([]);
  });

  it('says nothing about labels without a window, forbidden effects, or failed calls', () => {
    const t = timeline(
      effect('refund', 'A-1', 'r', 5),
      effect('refund', 'B-2', 'r', 5),
      effect('refund', 'C-3', 'r', 0, { outcome: 'failed' }),
    );
    const labels = effectLabels([
      expectEffect('refund', 'A-1', 1),
      windowed([1, 1], 0, 'B-2'),
      windowed([1, 1], 1, 'C-3'),
    ]);
    expect(effectWindow.run(t, labels, {})).toEqual([]);
    expect(effectWindow.opportunities(t, labels, {})).toEqual({
      'effect.early': 1,
      'effect.late': 1,
    });
  });
});

describe('effect-window properties', () => {
  const scenario = fc
    .tuple(fc.nat(8), fc.nat(4), fc.nat(12))
    .map(([first, width, step]) => ({ window: [first, first + width] as [number, number], step }));

  test.prop([scenario])(
    'the verdict follows the commit step: early before, late after, none inside, |distance| to the nearest edge',
    ({ window, step }) => {
      const findings = effectWindow.run(
        timeline(effect('refund', 'A-1', 'r', step)),
        effectLabels([windowed(window)]),
        {},
      );
      const [first, last] = window;
      if (step < first)
        expect(findings).toMatchObject([{ code: 'effect.early', distance: step - first }]);
      else if (step > last)
        expect(findings).toMatchObject([{ code: 'effect.late', distance: step - last }]);
      else expect(findings).toEqual([]);
    },
  );

  test.prop([scenario, fc.nat(12)])(
    'another identity committed anywhere never changes the verdict on this one',
    ({ window, step }, otherStep) => {
      const labels = effectLabels([windowed(window)]);
      const alone = effectWindow.run(timeline(effect('refund', 'A-1', 'r', step)), labels, {});
      const withOther = effectWindow.run(
        timeline(effect('refund', 'A-1', 'r', step), effect('email', 'A-1', 'r', otherStep)),
        labels,
        {},
      );
      expect(withOther.map((f) => [f.code, f.distance])).toEqual(
        alone.map((f) => [f.code, f.distance]),
      );
    },
  );
});
