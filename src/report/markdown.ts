import type {
  CaseResult,
  ConfusionMatrix,
  Rate,
  RunMetrics,
  StreamedReport,
} from '../model/report.ts';
import { gateActual, gateName, outcomeOf, runName } from '../model/report.ts';
import {
  byCodeEntries,
  compareBuckets,
  duration,
  interval,
  mdCell,
  mdTable,
  num,
  passAllLabel,
  percent,
  problems,
  stepLabel,
  value,
} from './format.ts';
import { notPassed } from './not-passed.ts';
import { brokenProperties, exampleText, propertyTally, replayCommand } from './property-lines.ts';
import { countRows, shownCounts, warningPlace } from './recognition-lines.ts';
import { countOf, judged } from './units.ts';

/** The report as GitHub-flavoured Markdown, sized for a GitHub Actions job summary. */
export function renderMarkdown(report: StreamedReport): string {
  const sections = [
    title(report),
    runWarnings(report),
    summary(report),
    gates(report),
    failingCases(notPassed(report)),
    propertiesSection(report),
    warningsSection(report),
    findings(report.metrics, report.repeat),
    details(report.metrics),
    recognitionSection(report),
  ];
  return `${sections.filter((s) => s !== '').join('\n\n')}\n`;
}

function title(report: StreamedReport): string {
  const { suite } = report;
  const heading = report.passed ? '✅ Baton: %s passed' : '❌ Baton: %s failed';
  const repeat = report.repeat > 1 ? ` · ${report.repeat} repeats` : '';
  const line = `Adapter ${code(suite.adapter)} · ${code(suite.file)}${repeat} · ${duration(report.durationMs)}`;
  const why = report.reasons?.length ? `\n\nWhy: ${report.reasons.map(mdCell).join('; ')}` : '';
  return `## ${heading.replace('%s', mdCell(runName(report)))}\n\n${line}${why}`;
}

/** A cut-short run and escaped errors, before anything else: they make the rest untrustworthy. */
function runWarnings(report: StreamedReport): string {
  const lines: string[] = [];
  if (report.interrupted) {
    const { signal, casesNotRun } = report.interrupted;
    lines.push(
      `> ⚠️ **Interrupted** by ${signal}: ${casesNotRun} case(s) not run; this report holds only the cases that finished.`,
    );
  }
  for (const u of report.unhandled ?? []) {
    const where = u.caseId === undefined ? 'outside any case' : `in case ${code(u.caseId)}`;
    lines.push(`> ❗ **Escaped error** ${where}: ${mdCell(u.message)}`);
  }
  return lines.join('\n>\n');
}

/** Inline code on one line; entities would show literally inside backticks, so only strip breaks. */
function code(text: string): string {
  return `\`${text.replace(/[\r\n`]+/g, ' ')}\``;
}

function rateCell(rate: Rate): string {
  return `${percent(rate.rate)} ${interval(rate)}`;
}

function summary({ summary: s, metrics: m, repeat }: StreamedReport): string {
  const header = ['Cases', 'Passed', 'Failed', 'Errored', 'Pass rate (95% interval)'];
  const row = [s.cases, s.passed, s.failed, s.errored].map(String);
  row.push(rateCell(m.passRate));
  if (repeat > 1) {
    header.push(passAllLabel(repeat));
    row.push(rateCell(m.passAllRepeats));
  }
  header.push('Cost');
  row.push(num(m.cost));
  return mdTable(
    header,
    [row],
    header.map(() => 'right'),
  );
}

function gates({ gates }: StreamedReport): string {
  if (gates.length === 0) return '';
  const mark = { pass: '✅', fail: '❌', 'n/a': '➖' } as const;
  const rows = gates.map((g) => [
    mark[outcomeOf(g)],
    gateName(g),
    g.threshold,
    mdCell(gateActual(g, num(g.actual))),
  ]);
  return `### Gates\n\n${mdTable(['', 'Gate', 'Threshold', 'Actual'], rows, ['left', 'left', 'left', 'right'])}`;
}

function failingCases(cases: Iterable<CaseResult>): string {
  const rows: string[][] = [];
  for (const c of cases) rows.push(...caseRows(c));
  if (rows.length === 0) return '';
  const header = ['Case', 'Step', 'Code', 'Expected', 'Observed', 'Message'];
  return `### Failing cases\n\n${mdTable(header, rows)}`;
}

function caseRows(c: CaseResult): string[][] {
  const name = `\`${c.id}\` ${c.title}`;
  const rows: string[][] = [];
  if (c.error !== undefined)
    rows.push([name, '—', `error: ${c.error.code}`, '—', '—', c.error.message]);
  for (const f of problems(c)) {
    rows.push([name, stepLabel(f.step), f.code, value(f.expected), value(f.observed), f.message]);
  }
  if (rows.length === 0) rows.push([name, '—', c.status, '—', '—', repeatsNote(c)]);
  return rows;
}

function propertiesSection(report: StreamedReport): string {
  if (report.properties.length === 0) return '';
  const head = `### Envelope properties\n\n${propertyTally(report.properties)}`;
  const broken = brokenProperties(report);
  if (broken.length === 0) return head;
  const blocks = broken.map((p) => {
    const replay = replayCommand(report, p);
    return [
      `${code(p.id)} ${p.code ? code(p.code) : '(error)'}: ${mdCell(p.message)}`,
      '',
      '```json',
      exampleText(p),
      '```',
      `seed \`${p.seed}\`${p.path ? ` · path \`${p.path}\`` : ''} · ${p.numRuns} runs, ${p.shrinks ?? 0} shrinks${replay ? `  \nreplay: \`${replay}\`` : ''}`,
    ].join('\n');
  });
  return `${head}\n\n${blocks.join('\n\n')}`;
}

function repeatsNote(c: CaseResult): string {
  return `passed ${c.passedRepeats} of ${c.repeats} repeats`;
}

function findings({ byCode }: RunMetrics, repeat: number): string {
  const entries = byCodeEntries(byCode);
  const rows = entries
    .filter(([, rate]) => judged(rate))
    .map(([code, rate]) => [
      code,
      String(rate.count),
      countOf(code, rate.of, repeat),
      percent(rate.rate),
      interval(rate),
    ]);
  const unjudged = entries.filter(([, rate]) => !judged(rate)).map(([code]) => code);
  if (rows.length === 0 && unjudged.length === 0) return '';
  const table = mdTable(['Code', 'Count', 'Out of', 'Rate', '95% interval'], rows, [
    'left',
    'right',
    'left',
    'right',
    'left',
  ]);
  const na =
    unjudged.length === 0
      ? ''
      : `\n\nn/a (nothing to judge in this run): ${unjudged.map(code).join(', ')}`;
  return `### Findings by code\n\n${rows.length > 0 ? table : 'No code had anything to judge.'}${na}`;
}

function details(metrics: RunMetrics): string {
  const parts = [confusion(metrics.confusion), hops(metrics.hops)].filter((p) => p !== '');
  if (parts.length === 0) return '';
  return `<details>\n<summary>Handoff targets and hops</summary>\n\n${parts.join('\n\n')}\n\n</details>`;
}

/** Rows are the labelled target, columns the observed one; the diagonal (agreement) is bold. */
function confusion({ labels, counts }: ConfusionMatrix): string {
  if (labels.length === 0) return '';
  const rows = labels.map((expected) => [
    `**${expected}**`,
    ...labels.map((observed) => {
      const n = counts[expected]?.[observed] ?? 0;
      return expected === observed && n > 0 ? `**${n}**` : String(n);
    }),
  ]);
  const header = ['expected ↓ / observed →', ...labels];
  return `#### Expected × observed target\n\n${mdTable(
    header,
    rows,
    header.map((_, i) => (i === 0 ? 'left' : 'right')),
  )}`;
}

function hops({ histogram, mean, max }: RunMetrics['hops']): string {
  const entries = Object.entries(histogram).sort(([a], [b]) => compareBuckets(a, b));
  if (entries.length === 0) return '';
  const most = Math.max(1, ...entries.map(([, n]) => n));
  const rows = entries.map(([h, n]) => [h, String(n), '█'.repeat(Math.round((n / most) * 20))]);
  const table = mdTable(['Hops', 'Cases', ''], rows, ['right', 'right', 'left']);
  return `#### Hops per case\n\nMean ${num(mean)} · max ${num(max)}\n\n${table}`;
}

function warningsSection(report: StreamedReport): string {
  const rows = (report.warnings ?? []).map((w) => [
    w.severity === 'error' ? '❌ error' : '⚠️ warning',
    code(w.code),
    warningPlace(w) || '—',
    w.fix === undefined ? w.message : `${w.message}. Fix: ${w.fix}`,
  ]);
  if (rows.length === 0) return '';
  return `### Warnings\n\n${mdTable(['', 'Code', 'Where', 'Message'], rows)}`;
}

/** Every rule, preset and step rule with what it matched, and the shapes that matched spans. */
function recognitionSection(report: StreamedReport): string {
  const counts = shownCounts(report, true).filter((c) => c.source !== 'shape' || c.spans > 0);
  if (counts.length === 0) return '';
  const table = mdTable(['Recognised', 'Where', 'Spans', 'Cases'], countRows(counts), [
    'left',
    'left',
    'right',
    'right',
  ]);
  return `<details>\n<summary>Recognised spans</summary>\n\n${table}\n\n</details>`;
}
