import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { CompareReport, MetricComparison } from '../compare-report.ts';
import { gateVerdict, passRateFinding } from './headline.ts';
import { helpdeskComparison } from './test-support.ts';

/** The helpdesk comparison with other counts, gates and pass-rate row. */
function tweaked(
  summary: Partial<CompareReport['summary']>,
  gates: readonly boolean[] | undefined,
  pass: Partial<MetricComparison>,
): CompareReport {
  const r = helpdeskComparison();
  return {
    ...r,
    summary: { ...r.summary, ...summary },
    gates: gates
      ? gates.map((passed, i) => ({ name: `gate ${i}`, threshold: '<= 0', actual: 0, passed }))
      : r.gates,
    metrics: r.metrics.map((m) => (m.metric === 'pass_rate' ? { ...m, ...pass } : m)),
  };
}

describe('the headline of a comparison', () => {
  it('leads with what broke and the failed gates, and gives the statistics apart', () => {
    const r = helpdeskComparison();
    expect(gateVerdict(r)).toBe(
      '2 cases broke, 0 fixed · 2 of 3 gates failed: no new failures, delta(handoff.missed)',
    );
    expect(passRateFinding(r)).toBe(
      'pass rate −18.2 pp: not statistically significant at n = 11 (McNemar p = 0.5, α = 0.05)',
    );
  });

  it('says when the gates pass and the difference is significant', () => {
    const r = tweaked({ broke: 0, fixed: 8, paired: 46 }, [true, true, true, true], {
      difference: { value: 8 / 46, low: 0.07, high: 0.28, se: 0.05 },
      mcnemar: { worse: 0, better: 8, p: 0.0078125 },
      measured: 46,
      verdict: 'better',
    });
    expect(gateVerdict(r)).toBe('0 cases broke, 8 fixed · all 4 gates passed');
    expect(passRateFinding(r)).toBe(
      'pass rate +17.4 pp: significantly better at n = 46 (McNemar p = 0.0078, α = 0.05)',
    );
  });

  it('counts one case and one gate in the singular, and names errored cases', () => {
    expect(gateVerdict(tweaked({ broke: 1, errored: 2 }, [false], {}))).toBe(
      '1 case broke, 0 fixed, 2 errored · 1 of 1 gate failed: gate 0',
    );
    expect(gateVerdict(tweaked({ broke: 0 }, [true], {}))).toBe(
      '0 cases broke, 0 fixed · the gate passed',
    );
  });

  it('says when the cases are too few for any difference to be significant', () => {
    // 5 paired cases, 3 broke: p = 0.25, and 5 all broke would still be p = 0.0625.
    const r = tweaked({ broke: 3, paired: 5 }, undefined, {
      difference: { value: -0.6, low: -1, high: -0.2, se: 0.2 },
      mcnemar: { worse: 3, better: 0, p: 0.25 },
      mdd: null,
      measured: 5,
      detection: 'too_few',
    });
    expect(passRateFinding(r)).toBe(
      'pass rate −60.0 pp: not statistically significant at n = 5 (McNemar p = 0.25, α = 0.05); no difference can be significant with fewer than 6 cases',
    );
  });

  it('says the pass rate is unchanged when no case changed, and when nothing was paired', () => {
    const same = tweaked({ broke: 0 }, undefined, {
      difference: { value: 0, low: 0, high: 0, se: 0 },
      mcnemar: { worse: 0, better: 0, p: 1 },
    });
    expect(passRateFinding(same)).toBe('pass rate unchanged at n = 11');
    expect(passRateFinding(tweaked({ paired: 0 }, undefined, { measured: 0 }))).toBe(
      'no case was judged on both sides: nothing to compare',
    );
  });

  test.prop([fc.array(fc.boolean(), { maxLength: 6 }), fc.nat(20), fc.nat(20)])(
    'says "failed" with every failed gate named exactly when one failed, and the counts as they are',
    (passed, broke, fixed) => {
      const text = gateVerdict(tweaked({ broke, fixed }, passed, {}));
      const failed = passed.flatMap((p, i) => (p ? [] : [`gate ${i}`]));
      expect(text.startsWith(`${broke} case${broke === 1 ? '' : 's'} broke, ${fixed} fixed`)).toBe(
        true,
      );
      expect(text.includes(' failed: ')).toBe(failed.length > 0);
      if (failed.length > 0) expect(text.endsWith(`failed: ${failed.join(', ')}`)).toBe(true);
      else if (passed.length > 0) expect(text).toMatch(/ passed$/);
    },
  );
});
