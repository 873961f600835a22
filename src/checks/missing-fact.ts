import type { CarryMatch } from '../model/case.ts';
import type { FindingData } from '../model/finding.ts';
import { defineCheck } from './check.ts';
import { findFact } from './find-fact.ts';
import { analyseHandoffs } from './handoff-analysis.ts';
import type { HandoffMatch } from './match-handoffs.ts';

export interface MissingFactOptions {
  /** How a fact written as a bare value is looked for (default `equals`). */
  readonly match?: CarryMatch;
}

type Judged = Extract<HandoffMatch, { observed: unknown }>;

/**
 * Carry is judged only where the labelled handoff happened to a receiver it accepts: a missed
 * handoff has no payload, and a wrong-target one was never meant to carry this label's facts.
 */
function judged(matches: readonly HandoffMatch[]): Judged[] {
  return matches.filter((m): m is Judged => m.verdict !== 'missed' && m.verdict !== 'wrong_target');
}

/**
 * A handoff paired with its expectation, to an accepted receiver, whose payload lacks a fact the
 * label says it must carry: the receiver will have to ask again for something the sender knew.
 * One finding per missing fact.
 */
export const missingFact = defineCheck<MissingFactOptions>({
  name: 'missing-fact',
  opportunities(timeline, labels) {
    const matches = judged(analyseHandoffs(timeline, labels).matching.matches);
    return {
      'handoff.missing_fact': matches.reduce((n, m) => n + Object.keys(m.expected.carry).length, 0),
    };
  },
  run(timeline, labels, options) {
    const findings: FindingData[] = [];
    for (const m of judged(analyseHandoffs(timeline, labels).matching.matches)) {
      for (const [fact, value] of Object.entries(m.expected.carry)) {
        const match = m.expected.carryMatch?.[fact] ?? options.match ?? 'equals';
        const lookup = findFact(m.observed.payload, fact, value, match);
        if (lookup.present) continue;
        findings.push({
          check: 'missing-fact',
          code: 'handoff.missing_fact',
          outcome: 'fail',
          step: m.observed.step,
          expected: { fact, value, match, from: m.expected.from, to: m.expected.to },
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
