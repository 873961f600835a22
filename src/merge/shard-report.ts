import { BatonError } from '../errors.ts';
import type { CaseResult, RunReport } from '../model/report.ts';

/** What merging reads of a case: its verdict, the codes of its findings, what it measured. */
export type MergedCase = Pick<CaseResult, 'id' | 'status' | 'measured'> & {
  readonly findings: readonly Pick<CaseResult['findings'][number], 'code' | 'outcome'>[];
};

/**
 * A shard report and the file it was read from (named in every message). `C` is what it holds
 * of each case: the whole result, or (`shapeChecked`) what merging reads of it, when a reader
 * that checked each case's shape as it went keeps no more of a report too large to hold.
 */
export interface ShardReport<C extends MergedCase = CaseResult> {
  readonly file: string;
  readonly report: Omit<RunReport, 'cases'> & { readonly cases: readonly C[] };
  /** Its fields were checked against the report schema as it was read. */
  readonly shapeChecked?: boolean;
}

/** A shard report that passed the checks: its slice, and its report with the merge fields. */
export interface CheckedShard<C extends MergedCase = CaseResult> extends ShardReport<C> {
  readonly index: number;
  readonly total: number;
}

/** A refusal to merge: why, then the fix. */
export function refuse(why: string, fix: string): BatonError {
  return new BatonError('report.merge', `Failed to merge the shard reports: ${why}. ${fix}`);
}
