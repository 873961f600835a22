import { BatonError } from '../errors.ts';
import type { RunReport } from '../model/report.ts';

/** A shard report and the file it was read from (named in every message). */
export interface ShardReport {
  readonly file: string;
  readonly report: RunReport;
}

/** A shard report that passed the checks: its slice, and its report with the merge fields. */
export interface CheckedShard extends ShardReport {
  readonly index: number;
  readonly total: number;
}

/** A refusal to merge: why, then the fix. */
export function refuse(why: string, fix: string): BatonError {
  return new BatonError('report.merge', `Failed to merge the shard reports: ${why}. ${fix}`);
}
