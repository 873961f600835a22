import { checkEnvelope, formatIssuePath } from '../contracts/check-envelope.ts';
import { contractFor } from '../contracts/contract-for.ts';
import type { Contract } from '../contracts/types.ts';
import type { FindingData } from '../model/finding.ts';
import type { Labels } from '../model/labelled-case.ts';
import type { HandoffEvent, Timeline } from '../model/timeline.ts';
import { defineCheck } from './check.ts';
import { analyseHandoffs } from './handoff-analysis.ts';

/** The suite's contracts, and whether every observed handoff must have one. */
export interface ContractConformanceOptions {
  readonly contracts: readonly Contract[];
  readonly require: boolean;
}

/**
 * Every observed envelope checked against the contract of its edge, as sent (the clock is the
 * handoff's own time): one `contract.violation` per issue, and `contract.missing` for a handoff
 * without a contract when the suite requires one. A framework's automatic return of finished
 * work (`autoReturn`) carries no envelope an agent wrote: no contract judges it.
 */
export const contractConformance = defineCheck<ContractConformanceOptions>({
  name: 'contract-conformance',
  opportunities(timeline, labels, { contracts, require }) {
    const sent = envelopes(timeline, labels);
    return {
      'contract.violation': sent.filter((h) => contractFor(contracts, h.from, h.to)).length,
      'contract.missing': require ? sent.length : 0,
    };
  },
  run(timeline, labels, { contracts, require }) {
    return envelopes(timeline, labels).flatMap((handoff) => {
      const contract = contractFor(contracts, handoff.from, handoff.to);
      if (contract !== undefined) return violations(handoff, contract);
      return require ? [missing(handoff)] : [];
    });
  },
});

/** The observed handoffs whose envelope an agent sent: all but a framework's automatic returns. */
function envelopes(timeline: Timeline, labels: Labels): HandoffEvent[] {
  return analyseHandoffs(timeline, labels).observed.filter((h) => h.autoReturn !== true);
}

/**
 * A payload's `reason` that is the handoff's reason (a transfer tool's `{ reason, order_id }`
 * arguments) says why the work moved, not what it carries: a contract need not declare it.
 */
function isStatedReason(
  handoff: HandoffEvent,
  issue: { path: readonly (string | number)[]; expected: string },
) {
  if (issue.path.length !== 1 || issue.path[0] !== 'reason' || issue.expected !== 'no field')
    return false;
  const payload = handoff.payload;
  return (
    typeof payload === 'object' &&
    payload !== null &&
    (payload as { reason?: unknown }).reason === handoff.reason
  );
}

function violations(handoff: HandoffEvent, contract: Contract): FindingData[] {
  const { from, to, step, at, spanId } = handoff;
  // An absent payload is checked as `undefined`: one structure issue, not a skipped handoff.
  const issues = checkEnvelope(contract, handoff.payload, { from, to, now: at });
  return issues
    .filter((issue) => !isStatedReason(handoff, issue))
    .map((issue) => ({
      check: 'contract-conformance',
      code: 'contract.violation',
      outcome: 'fail',
      step,
      expected: { contract: contract.name, rule: issue.rule },
      observed: {
        from,
        to,
        contract: contract.name,
        path: formatIssuePath(issue.path),
        expected: issue.expected,
        received: issue.received,
        rule: issue.rule,
      },
      spanIds: [spanId],
    }));
}

function missing({ from, to, step, spanId }: HandoffEvent): FindingData {
  return {
    check: 'contract-conformance',
    code: 'contract.missing',
    outcome: 'fail',
    step,
    observed: { from, to },
    spanIds: [spanId],
  };
}
