import { mapped, nestedItemText, prettyChunks } from '../../report/pretty-chunks.ts';
import type { CompareReport } from '../compare-report.ts';

/** compare.json: the comparison as pretty JSON, keys in the order the report is built. */
export function renderCompareJson(report: CompareReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/**
 * `renderCompareJson`'s text in pieces, a case at a time: the same bytes, without one string of
 * the whole (a comparison of 100,000 cases is about 90 MB of text).
 */
export function renderCompareJsonChunks(report: CompareReport): Generator<string | Uint8Array> {
  return prettyChunks(report as unknown as Record<string, unknown>, {
    key: 'cases',
    length: report.cases.length,
    items: mapped(report.cases, nestedItemText),
  });
}
