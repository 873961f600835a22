import type { FindingData } from '../model/finding.ts';
import type { HandoffEvent } from '../model/timeline.ts';
import { defineCheck } from './check.ts';
import { crossing } from './crossing.ts';
import { analyseHandoffs } from './handoff-analysis.ts';
import type { HandoffMatch } from './match-handoffs.ts';

const CODE = {
  on_time: 'handoff.on_time',
  early: 'handoff.early',
  late: 'handoff.late',
  wrong_target: 'handoff.wrong_target',
  out_of_order: 'handoff.out_of_order',
  missed: 'handoff.missed',
} as const;

export interface HandoffTimingOptions {
  /** Report bounced handoffs as unneeded too: set when the bounce check is off. */
  readonly bouncesAsUnneeded?: boolean;
}

const NO_BOUNCES: ReadonlySet<number> = new Set();

/** Early / late / missed / wrong-target / unneeded / on-time, as docs/verdicts.md defines them. */
export const handoffTiming = defineCheck<HandoffTimingOptions>({
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
      'handoff.out_of_order': expected,
      'handoff.unneeded': observed,
    };
  },
  run(timeline, labels, options) {
    const { observed, matching, bounces, answers } = analyseHandoffs(timeline, labels);
    const bounced =
      options.bouncesAsUnneeded || bounces.length === 0
        ? NO_BOUNCES
        : new Set(bounces.map((b) => b.observedIndex));
    const findings = matching.matches.map((m) => matchFinding(m, observed, matching.matches));
    for (const { observed: o, observedIndex } of matching.unmatched) {
      if (bounced.has(observedIndex) || answers.has(observedIndex)) continue;
      findings.push({
        check: 'handoff-timing',
        code: 'handoff.unneeded',
        outcome: 'fail',
        step: o.step,
        expected: null,
        observed: observedShape(o),
        spanIds: [o.spanId],
      });
    }
    return findings;
  },
});

function matchFinding(
  m: HandoffMatch,
  observed: readonly HandoffEvent[],
  matches: readonly HandoffMatch[],
): FindingData {
  const expected = {
    from: m.expected.from,
    to: m.expected.to,
    window: m.expected.window,
    ...(m.expected.reason !== undefined && { reason: m.expected.reason }),
    ...(m.expected.alternatives.length > 0 && { alternatives: m.expected.alternatives }),
  };
  if (m.verdict === 'missed') {
    // Whether the sender handed off at all: "never handed off" must not be said of one that did.
    // A framework's automatic return is no handoff the sender chose.
    let elsewhere = 0;
    for (const h of observed) if (h.from === m.expected.from && h.autoReturn !== true) elsewhere++;
    return {
      check: 'handoff-timing',
      code: CODE.missed,
      outcome: 'fail',
      step: m.expected.window[0],
      expected,
      observed: elsewhere === 0 ? null : { from: m.expected.from, handoffs: elsewhere },
      spanIds: [],
    };
  }
  return {
    check: 'handoff-timing',
    code: CODE[m.verdict],
    outcome: m.verdict === 'on_time' ? 'pass' : 'fail',
    step: m.observed.step,
    expected,
    observed: {
      ...observedShape(m.observed),
      ...(m.verdict === 'out_of_order' && crossed(m, matches)),
    },
    ...(m.distance !== 0 && { distance: m.distance }),
    spanIds: [m.observed.spanId],
  };
}

/** The handoff an out-of-order one came before (labelled first) or after (labelled after it). */
function crossed(m: HandoffMatch, matches: readonly HandoffMatch[]) {
  const c = crossing(m, matches);
  return c && { [c.side]: { to: c.other.to, step: c.other.step } };
}

function observedShape(o: HandoffEvent) {
  return {
    from: o.from,
    to: o.to,
    step: o.step,
    ...(o.reason !== undefined && { reason: o.reason }),
  };
}
