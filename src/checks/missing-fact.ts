import type { CarryMatch, FactValue } from '../model/case.ts';
import type { FindingData } from '../model/finding.ts';
import type { Labels } from '../model/labelled-case.ts';
import { defineCheck } from './check.ts';
import { handedFact } from './find-fact.ts';
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
 * The facts a handoff is judged on: its label's carry, less any fact a step first gave after the
 * handoff (an early handoff: nobody had it yet, and `handoff.early` says what went wrong).
 */
function owed(m: Judged, labels: Labels): [string, FactValue][] {
  const carried = Object.entries(m.expected.carry);
  const given = labels.facts;
  if (given === undefined || given.length === 0) return carried;
  return carried.filter(([fact, value]) => {
    const g = given.find((f) => f.name === fact);
    return !(
      g !== undefined &&
      g.value === String(value) &&
      g.source.kind === 'said' &&
      g.step > m.observed.step
    );
  });
}

/**
 * A handoff paired with its expectation, to an accepted receiver, that did not hand over a fact
 * the label says it must carry — in its envelope, or, for a handoff that sends none, in the
 * conversation the receiver was handed instead (find-fact.ts, handedFact): the receiver will have
 * to ask again for something the sender knew. One finding per missing fact.
 */
export const missingFact = defineCheck<MissingFactOptions>({
  name: 'missing-fact',
  opportunities(timeline, labels) {
    const matches = judged(analyseHandoffs(timeline, labels).matching.matches);
    return {
      'handoff.missing_fact': matches.reduce((n, m) => n + owed(m, labels).length, 0),
    };
  },
  run(timeline, labels, options) {
    const findings: FindingData[] = [];
    for (const m of judged(analyseHandoffs(timeline, labels).matching.matches)) {
      for (const [fact, value] of owed(m, labels)) {
        const match = m.expected.carryMatch?.[fact] ?? options.match ?? 'equals';
        const lookup = handedFact(m.observed, fact, value, match);
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
            ...('under' in lookup && { under: lookup.under }),
            payloadSize: m.observed.payloadSize ?? 0,
            // What the conversation handed over had to do with it (find-fact.ts, handedFact).
            ...('history' in lookup && { history: lookup.history }),
          },
          spanIds: [m.observed.spanId],
        });
      }
    }
    return findings;
  },
});
