import type { CaseResult, StreamedReport } from '../model/report.ts';

/**
 * The cases that did not pass, in report order. When the summary counts none, the cases are not
 * read at all: they may be many, read back from disk one by one.
 */
export function* notPassed(
  report: Pick<StreamedReport, 'cases' | 'summary'>,
): Generator<CaseResult> {
  if (report.summary.failed + report.summary.errored === 0) return;
  for (const c of report.cases) if (c.status !== 'pass') yield c;
}
