import { mdTable, stepLabel } from '../../report/format.ts';
import type { CaseChange, CaseSide, CompareReport } from '../compare-report.ts';
import { gateActual, gateThreshold } from './gate-text.ts';
import { gateVerdict, passRateFinding } from './headline.ts';
import {
  casesOf,
  changeTally,
  differenceText,
  estimateText,
  handoffsText,
  mddText,
  metricLabel,
  pText,
  repeatsNote,
  verdictText,
} from './metric-text.ts';

/** The comparison as GitHub-flavoured Markdown, fit for a pull-request comment. */
export function renderCompareMarkdown(report: CompareReport): string {
  const sections = [
    title(report),
    gates(report),
    caseSection(report, 'broke', 'Cases that broke'),
    caseSection(report, 'fixed', 'Cases that were fixed'),
    metrics(report),
    details(report),
  ];
  return `${sections.filter((s) => s !== '').join('\n\n')}\n`;
}

function code(text: string): string {
  return `\`${text.replace(/[\r\n`]+/g, ' ')}\``;
}

function title(r: CompareReport): string {
  const mark = r.passed ? '✅' : '❌';
  const word = r.passed ? 'passed' : 'failed';
  const heading = `## ${mark} Baton compare: ${code(r.candidate.name)} against ${code(r.baseline.name)} ${word}`;
  const finding = passRateFinding(r);
  const said = `${gateVerdict(r)}.\n\n${finding.charAt(0).toUpperCase()}${finding.slice(1)}.`;
  return `${heading}\n\n${said}\n\n${changeTally(r.summary)} · ${r.summary.paired} paired cases`;
}

function gates(r: CompareReport): string {
  if (r.gates.length === 0) return '';
  const rows = r.gates.map((g) => [
    g.passed ? '✅' : '❌',
    g.name,
    gateThreshold(g),
    gateActual(g),
  ]);
  return mdTable(['', 'Gate', 'Threshold', 'Actual'], rows);
}

function findingRows(side: CaseSide | undefined): string[][] {
  return (side?.findings ?? []).map((f) => [stepLabel(f.step), code(f.code), f.message]);
}

function caseSection(r: CompareReport, kind: 'broke' | 'fixed', heading: string): string {
  const cases = casesOf(r, kind);
  if (cases.length === 0) return '';
  const rows = cases.flatMap((c) => {
    const key = kind === 'broke' ? 'candidate' : 'baseline';
    const found = findingRows(c[key]);
    const first = found[0] ?? ['—', '', ''];
    // A flaky side says so under its id: `passed 2 of 3 repeats`.
    const note = repeatsNote(c, key);
    const id = note === undefined ? `**${c.id}**` : `**${c.id}** (${note})`;
    return [[id, ...first], ...found.slice(1).map((f) => ['', ...f])];
  });
  const whose = kind === 'broke' ? r.candidate.name : r.baseline.name;
  return `### ${heading} (${cases.length})\n\nFindings of ${code(whose)}:\n\n${mdTable(['Case', 'Step', 'Finding', 'What happened'], rows)}`;
}

function metrics(r: CompareReport): string {
  const rows = r.metrics.map((m) => [
    metricLabel(m),
    estimateText(m, 'baseline'),
    estimateText(m, 'candidate'),
    differenceText(m),
    `${m.mcnemar.worse} / ${m.mcnemar.better}`,
    pText(m.mcnemar.p),
    mddText(m),
    verdictText(m),
  ]);
  const header = [
    'Metric',
    r.baseline.name,
    r.candidate.name,
    'Difference (95% paired)',
    'Worse / better',
    'McNemar p',
    'MDD',
    'Verdict',
  ];
  const s = r.settings;
  const note = `<sub>Intervals 95%: rates clustered by case (Wilson on the effective count), differences by a paired bootstrap (${s.resamples} resamples, seed ${s.seed}); exact McNemar on the discordant cases; MDD at α = ${s.alpha} with ${Math.round(s.power * 100)}% power, none when the cases are too few for any difference to be significant.</sub>`;
  return `### Metrics\n\n${mdTable(header, rows, ['left', 'left', 'left', 'left', 'right', 'right', 'right'])}\n\n${note}`;
}

function changedRows(r: CompareReport, c: CaseChange): string[][] {
  const rows = (name: string, key: 'baseline' | 'candidate') => {
    const side = c[key];
    const found = findingRows(side);
    // A case that passes on this side: show what it did instead of what it got wrong.
    const shown = found.length > 0 ? found : [['—', 'handoffs', handoffsText(side)]];
    const note = repeatsNote(c, key);
    return [...shown, ...(note === undefined ? [] : [['—', 'repeats', note]])].map((f) => [
      `**${c.id}**`,
      name,
      ...f,
    ]);
  };
  return [...rows(r.baseline.name, 'baseline'), ...rows(r.candidate.name, 'candidate')];
}

function details(r: CompareReport): string {
  const changed = casesOf(r, 'changed');
  const errored = casesOf(r, 'errored');
  if (changed.length + errored.length === 0) return '';
  const rows = [...changed, ...errored].flatMap((c) => changedRows(r, c));
  const table = mdTable(['Case', 'Side', 'Step', 'Finding', 'What happened'], rows);
  return `<details><summary>Changed (${changed.length}) and errored (${errored.length}) cases</summary>\n\n${table}\n\n</details>`;
}
