import type { FindingData } from '../model/finding.ts';
import { defineCheck } from './check.ts';
import { analyseHandoffs } from './handoff-analysis.ts';

const CODE = {
  on_time: 'handoff.on_time',
  early: 'handoff.early',
  late: 'handoff.late',
  wrong_target: 'handoff.wrong_target',
  missed: 'handoff.missed',
} as const;

/** Early / late / missed / wrong-target / unneeded / on-time, as the architecture defines them. */
export const handoffTiming = defineCheck<Record<string, never>>({
  name: 'handoff-timing',
  opportunities(timeline, labels) {
    const expected = labels.handoffs.length;
    const observed = analyseHandoffs(timeline, labels).observed.length;
    return {
      'handoff.on_time': expected,
      'handoff.missed': expected,
      'handoff.early': expected,
      'handoff.late': expected,
      'handoff.wrong_target': expected,
      'handoff.unneeded': observed,
    };
  },
  run(timeline, labels) {
    const { matches, unmatched } = analyseHandoffs(timeline, labels).matching;
    const findings: FindingData[] = matches.map((m) => {
      const expected = {
        from: m.expected.from,
        to: m.expected.to,
        window: m.expected.window,
        ...(m.expected.reason !== undefined && { reason: m.expected.reason }),
        ...(m.expected.alternatives.length > 0 && { alternatives: m.expected.alternatives }),
      };
      if (m.verdict === 'missed') {
        return {
          check: 'handoff-timing',
          code: CODE.missed,
          outcome: 'fail',
          step: m.expected.window[0],
          expected,
          observed: null,
          spanIds: [],
        };
      }
      const o = m.observed;
      return {
        check: 'handoff-timing',
        code: CODE[m.verdict],
        outcome: m.verdict === 'on_time' ? 'pass' : 'fail',
        step: o.step,
        expected,
        observed: {
          from: o.from,
          to: o.to,
          step: o.step,
          ...(o.reason !== undefined && { reason: o.reason }),
        },
        ...(m.distance !== 0 && { distance: m.distance }),
        spanIds: [o.spanId],
      };
    });
    for (const { observed: o } of unmatched) {
      findings.push({
        check: 'handoff-timing',
        code: 'handoff.unneeded',
        outcome: 'fail',
        step: o.step,
        expected: null,
        observed: {
          from: o.from,
          to: o.to,
          step: o.step,
          ...(o.reason !== undefined && { reason: o.reason }),
        },
        spanIds: [o.spanId],
      });
    }
    return findings;
  },
});
