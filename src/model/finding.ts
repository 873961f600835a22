/** Every finding code Baton can emit. Stable: reports, gates and costs refer to them. */
export const FINDING_CODES = [
  'handoff.on_time',
  'handoff.missed',
  'handoff.early',
  'handoff.late',
  'handoff.wrong_target',
  'handoff.out_of_order',
  'handoff.unneeded',
  'handoff.bounced',
  'handoff.hops_exceeded',
  'handoff.missing_fact',
  'handoff.wrong_reason',
  'handoff.reask',
  'contract.violation',
  'contract.missing',
  'contract.rejected_valid',
  'contract.accepted_invalid',
  'contract.vague_rejection',
  'contract.coerced',
  'contract.nondeterministic',
  'contract.unbounded_pingpong',
  'effect.double',
  'effect.unowned',
  'effect.missing',
  'effect.before_ack',
  'effect.after_release',
  'effect.unexpected_host',
  'effect.forbidden',
  'effect.early',
  'effect.late',
  'effect.out_of_order',
  'ownership.double_owner',
  'ownership.lost_work',
  'ownership.no_way_back',
  'tool.missing',
  'tool.unexpected',
  'tool.order',
  'tool.args',
  'case.turn_limit',
  'case.guardrail_tripped',
  'case.guardrail_not_tripped',
  'case.error',
] as const;

/** Codes a property test of a receiver emits (reported under `properties`, not under a case). */
export const PROPERTY_CODES = [
  'contract.rejected_valid',
  'contract.accepted_invalid',
  'contract.vague_rejection',
  'contract.coerced',
  'contract.nondeterministic',
  'contract.unbounded_pingpong',
] as const satisfies readonly (typeof FINDING_CODES)[number][];

export type PropertyCode = (typeof PROPERTY_CODES)[number];

export type FindingCode = (typeof FINDING_CODES)[number];

/** pass: the implementation did right; fail: it did wrong; error: Baton or the adapter broke. */
export type Outcome = 'pass' | 'fail' | 'error';

/** One verdict of one check on one case: typed data; wording is added by `describeFinding`. */
export interface Finding {
  readonly check: string;
  readonly code: FindingCode;
  readonly outcome: Outcome;
  /** The step the finding is about (the observed step when there is one, else the expected). */
  readonly step?: number;
  readonly expected?: unknown;
  readonly observed?: unknown;
  /** Signed distance in steps from the labelled window (late > 0, early < 0). */
  readonly distance?: number;
  readonly spanIds: readonly string[];
  readonly message: string;
}

export type FindingData = Omit<Finding, 'message'>;

export function isFailure(f: Pick<Finding, 'outcome'>): boolean {
  return f.outcome === 'fail';
}
