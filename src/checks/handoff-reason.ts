import type { FindingData } from '../model/finding.ts';
import type { HandoffEvent } from '../model/timeline.ts';
import { defineCheck } from './check.ts';
import { analyseHandoffs } from './handoff-analysis.ts';
import type { HandoffMatch } from './match-handoffs.ts';

/** Options of the opt-in reason check (`checks: { reason: true }` or `{ reason: { require: true } }`). */
export interface ReasonOptions {
  /** A matched handoff that states no reason is wrong_reason too (default: not judged). */
  readonly require?: boolean;
}

type Paired = Extract<HandoffMatch, { observed: HandoffEvent }>;

/**
 * handoff.wrong_reason: a handoff matched to its expectation with an acceptable target (on
 * time, early or late) whose observed reason differs from the labelled one. Reasons compare
 * normalised (case, spaces and hyphens do not matter: `Policy gate` = `policy_gate`). A
 * wrong-target handoff is not judged: it answered another question than the label asks.
 */
export const handoffReason = defineCheck<ReasonOptions>({
  name: 'handoff-reason',
  opportunities: (timeline, labels, options) => ({
    'handoff.wrong_reason': judged(timeline, labels, options).length,
  }),
  run(timeline, labels, options) {
    return judged(timeline, labels, options).flatMap((m) => {
      const stated = m.observed.reason;
      const want = m.expected.reason as string;
      if (stated !== undefined && normalReason(stated) === normalReason(want)) return [];
      const finding: FindingData = {
        check: 'handoff-reason',
        code: 'handoff.wrong_reason',
        outcome: 'fail',
        step: m.observed.step,
        expected: { from: m.expected.from, to: m.expected.to, reason: want },
        observed: {
          from: m.observed.from,
          to: m.observed.to,
          step: m.observed.step,
          ...(stated !== undefined && { reason: stated }),
        },
        spanIds: [m.observed.spanId],
      };
      return [finding];
    });
  },
});

/** The pairs this check judges: a labelled reason, an acceptable target, a stated reason. */
function judged(
  timeline: Parameters<typeof analyseHandoffs>[0],
  labels: Parameters<typeof analyseHandoffs>[1],
  options: ReasonOptions,
): Paired[] {
  return analyseHandoffs(timeline, labels).matching.matches.filter(
    (m): m is Paired =>
      m.verdict !== 'missed' &&
      m.verdict !== 'wrong_target' &&
      m.expected.reason !== undefined &&
      (options.require === true || m.observed.reason !== undefined),
  );
}

/** `Policy gate`, `policy-gate` and `POLICY_GATE` are one reason. */
export function normalReason(reason: string): string {
  return reason
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}
