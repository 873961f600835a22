import type { CompareReport } from '../compare-report.ts';

/** compare.json: the comparison as pretty JSON, keys in the order the report is built. */
export function renderCompareJson(report: CompareReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
