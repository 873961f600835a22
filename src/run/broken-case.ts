import { withMessage } from '../checks/describe-finding.ts';
import type { CaseRun } from '../metrics/case-run.ts';
import { caseMeasure } from '../metrics/run-measure.ts';
import type { CaseResult } from '../model/report.ts';

/** A case file that failed to load: it runs no steps but still counts, as an error. */
export interface BrokenCase {
  readonly file: string;
  /** The load problems, one line each. */
  readonly problems: readonly string[];
  /** The line of the first problem. */
  readonly line?: number;
  /** In a file of many cases: the line where this case starts. */
  readonly caseAt?: number;
}

/** The error run and result a broken case file contributes to the report. */
export function brokenCaseOutcome(broken: BrokenCase): { run: CaseRun; result: CaseResult } {
  const error = {
    code: 'case.invalid',
    message: `the case file does not load: ${broken.problems.join(' ')}`,
  };
  const finding = withMessage({
    check: 'loader',
    code: 'case.error',
    outcome: 'error',
    expected: null,
    observed: error,
    spanIds: [],
  });
  const run: CaseRun = {
    status: 'error',
    findings: [finding],
    handoffs: [],
    opportunities: { 'case.error': 1 },
    targets: [],
    durationMs: 0,
    error,
  };
  const base = broken.file.replace(/^.*[\\/]/, '').replace(/\.(ya?ml|jsonl|ndjson)$/, '');
  const where = broken.caseAt === undefined ? '' : `:${broken.caseAt}`;
  const id = `${base}${where}`;
  const result: CaseResult = {
    id,
    title: `(does not load) ${broken.file}${where}`,
    file: broken.file,
    tags: [],
    status: 'error',
    repeats: 1,
    passedRepeats: 0,
    findings: [broken.line === undefined ? finding : { ...finding, line: broken.line }],
    handoffs: [],
    hops: 0,
    cost: 0,
    durationMs: 0,
    error,
    measured: caseMeasure([run], 0, true),
  };
  return { run, result };
}
