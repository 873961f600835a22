import type { RecognitionCount, RunWarning, StreamedReport } from '../model/report.ts';

/**
 * The recognition counts worth showing: every suite rule, preset rule and step rule (a zero is
 * the point), and the built-in shapes that matched something. `all` adds the silent shapes.
 * Effect rules are rows when the table is shown, never its reason (their warning is); labels
 * are never rows.
 */
export function shownCounts(report: StreamedReport, all = false): RecognitionCount[] {
  const counts = (report.recognition ?? []).filter((c) => c.source !== 'label');
  const configured = counts.some((c) => RECOGNITION_RULES.has(c.source));
  if (!configured && !all) return [];
  return counts.filter((c) => all || c.source !== 'shape' || c.spans > 0);
}

const RECOGNITION_RULES = new Set<RecognitionCount['source']>(['rule', 'preset', 'steps']);

/** One row per count: what matched, where the suite sets it, spans, cases. */
export function countRows(counts: readonly RecognitionCount[]): string[][] {
  return counts.map((c) => [
    label(c),
    c.path === undefined ? '' : c.line === undefined ? c.path : `${c.path} (line ${c.line})`,
    String(c.spans),
    `${c.cases}/${c.of}`,
  ]);
}

function label(c: RecognitionCount): string {
  switch (c.source) {
    case 'rule':
      return `rule ${c.name}`;
    case 'preset':
      return `preset ${c.name}`;
    case 'steps':
      return `steps ${c.name}`;
    case 'tool':
      return `tool ${c.name}`;
    case 'endpoint':
      return `endpoint ${c.name}`;
    default:
      return c.name;
  }
}

/** `suites/x.yaml:14` or the case a warning is about. */
export function warningPlace(w: RunWarning): string {
  if (w.caseId !== undefined) return `case ${w.caseId}`;
  if (w.file === undefined) return '';
  return w.line === undefined ? w.file : `${w.file}:${w.line}`;
}
