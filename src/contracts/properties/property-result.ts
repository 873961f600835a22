import type { PropertyCode } from '../../model/finding.ts';

/** The properties Baton checks on every receiver, each reported on its own. */
export const PROPERTY_NAMES = [
  'accepts_valid',
  'rejects_invalid',
  'names_what_broke',
  'no_coercion',
  'deterministic',
  'bounded_pingpong',
] as const;

export type PropertyName = (typeof PROPERTY_NAMES)[number];

/** The finding code a failure of each property carries. */
export const PROPERTY_CODE: Record<PropertyName, PropertyCode> = {
  accepts_valid: 'contract.rejected_valid',
  rejects_invalid: 'contract.accepted_invalid',
  names_what_broke: 'contract.vague_rejection',
  no_coercion: 'contract.coerced',
  deterministic: 'contract.nondeterministic',
  bounded_pingpong: 'contract.unbounded_pingpong',
};

/**
 * One property on one edge. pass and fail are verdicts on the receiver; `skip` means the
 * implementation does not expose what the property needs; `error` means Baton broke.
 */
export interface PropertyResult {
  /** `<contract>:<property>`, what `--property` selects. */
  readonly id: string;
  readonly contract: string;
  readonly from: string;
  readonly to: string;
  readonly property: PropertyName;
  readonly outcome: 'pass' | 'fail' | 'skip' | 'error';
  readonly code?: PropertyCode;
  /** Envelopes generated and thrown at the receiver. */
  readonly numRuns: number;
  readonly seed: number;
  /** The clock (ms since the epoch) freshness rules measured from; a replay sets it again. */
  readonly clock: number;
  /** fast-check's path to the shrunk counterexample: replays it with the seed. */
  readonly path?: string;
  /** The shrunk envelope (and for broken ones the mutation and the receiver's answer). */
  readonly counterexample?: unknown;
  readonly shrinks?: number;
  readonly message: string;
}
