import type { CarryMatch, FactValue } from '../model/case.ts';
import { factWords, holdsValue, valueTexts } from '../model/fact-words.ts';
import type { FindingData } from '../model/finding.ts';
import type { Labels } from '../model/labelled-case.ts';
import type { HandoffEvent, Timeline, TimelineEvent } from '../model/timeline.ts';
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
 * The facts a handoff is judged on: its label's carry, less any fact nobody had yet when it was
 * made (an early handoff: `handoff.early` says what went wrong). A case with steps says when each
 * fact was first given; a recorded trace's case has none written, so there a fact is owed by a
 * handoff made before its label's window only if something recorded by then holds its value
 * (a tool's arguments, what an agent said, an earlier envelope, the conversation handed over).
 */
function owed(m: Judged, labels: Labels, timeline: Timeline): [string, FactValue][] {
  const carried = Object.entries(m.expected.carry);
  const given = labels.facts;
  if (given === undefined || given.length === 0) return carried;
  return carried.filter(([fact, value]) => {
    const g = given.find((f) => f.name === fact);
    if (g === undefined || g.value !== String(value) || g.step <= m.observed.step) return true;
    if (g.source.kind === 'said') return false;
    return !g.source.stepless || recordedBy(timeline, m.observed, g.value);
  });
}

/** Something recorded up to `handoff` (its own history included) holds `value` as whole words. */
function recordedBy(timeline: Timeline, handoff: HandoffEvent, value: string): boolean {
  const wanted = factWords(value);
  const holds = (v: unknown) => valueTexts(v).some((t) => holdsValue(factWords(t), wanted));
  if (holds(handoff.history)) return true;
  for (const e of timeline.events) {
    if (e === handoff || e.at > handoff.at) break;
    if (holds(saidIn(e))) return true;
  }
  return false;
}

/** What an event recorded that could hold a fact's value. */
function saidIn(e: TimelineEvent): unknown {
  switch (e.kind) {
    case 'tool_call':
      return e.args;
    case 'question':
      return e.text;
    case 'handoff':
      return [e.payload, e.history];
    case 'effect':
      return e.key;
    case 'return':
      return e.answer;
    default:
      return undefined;
  }
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
      'handoff.missing_fact': matches.reduce((n, m) => n + owed(m, labels, timeline).length, 0),
    };
  },
  run(timeline, labels, options) {
    const findings: FindingData[] = [];
    for (const m of judged(analyseHandoffs(timeline, labels).matching.matches)) {
      for (const [fact, value] of owed(m, labels, timeline)) {
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
