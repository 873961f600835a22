import type { FindingData } from '../model/finding.ts';
import { defineCheck } from './check.ts';
import { findFact } from './find-fact.ts';
import { analyseHandoffs } from './handoff-analysis.ts';

/**
 * A matched handoff whose payload lacks a fact its label says it must carry: the receiver will
 * have to ask again for something the sender knew. One finding per missing fact.
 */
export const missingFact = defineCheck<Record<string, never>>({
  name: 'missing-fact',
  opportunities: (_timeline, labels) => ({
    'handoff.missing_fact': labels.handoffs.reduce((n, h) => n + Object.keys(h.carry).length, 0),
  }),
  run(timeline, labels) {
    const findings: FindingData[] = [];
    for (const m of analyseHandoffs(timeline, labels).matching.matches) {
      if (m.verdict === 'missed') continue;
      for (const [fact, value] of Object.entries(m.expected.carry)) {
        const lookup = findFact(m.observed.payload, fact, value);
        if (lookup.present) continue;
        findings.push({
          check: 'missing-fact',
          code: 'handoff.missing_fact',
          outcome: 'fail',
          step: m.observed.step,
          expected: { fact, value, from: m.expected.from, to: m.expected.to },
          observed: {
            from: m.observed.from,
            to: m.observed.to,
            ...('found' in lookup && { found: lookup.found }),
            payloadSize: m.observed.payloadSize ?? 0,
          },
          spanIds: [m.observed.spanId],
        });
      }
    }
    return findings;
  },
});
