import type { FindingCode, FindingData } from '../model/finding.ts';
import type { Labels } from '../model/labelled-case.ts';
import type { Timeline } from '../model/timeline.ts';

/** How many chances each finding code had in one case: the denominators of the rates. */
export type Opportunities = Partial<Record<FindingCode, number>>;

/** A pure verdict function: `(timeline, labels, options) → findings`. One check a file. */
export interface Check<Options> {
  readonly name: string;
  run(timeline: Timeline, labels: Labels, options: Options): FindingData[];
  /** The opportunities its codes had in this case; rates divide by their sum over a run. */
  opportunities(timeline: Timeline, labels: Labels, options: Options): Opportunities;
}

/** Identity helper that types a check. */
export function defineCheck<Options>(check: Check<Options>): Check<Options> {
  return check;
}
