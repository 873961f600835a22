import type { FindingData } from '../model/finding.ts';
import type { Labels } from '../model/labelled-case.ts';
import type { Timeline } from '../model/timeline.ts';

/** A pure verdict function: `(timeline, labels, options) → findings`. One check a file. */
export interface Check<Options> {
  readonly name: string;
  run(timeline: Timeline, labels: Labels, options: Options): FindingData[];
}

/** Identity helper that types a check. */
export function defineCheck<Options>(check: Check<Options>): Check<Options> {
  return check;
}
