import { mdTable, textTable } from '../report/format.ts';
import { knowsPersons } from './render-stats.ts';
import type { ShadowReport } from './shadow-report.ts';
import {
  confusionRows,
  disagreementRows,
  effectsLine,
  entryLine,
  escalationLine,
  metricRows,
  rate,
  timingLine,
  trafficLine,
} from './shadow-rows.ts';
import { skippedTracesLine } from './skipped-traces.ts';

const indent = (lines: readonly string[]) => lines.map((l) => `  ${l}`);

/** The shadow report for a terminal; pure. */
export function renderShadowConsole(r: ShadowReport): string {
  const out = [
    `Shadow of ${r.suite.file} — candidate ${r.suite.candidate}`,
    `Source: ${r.source}${r.final ? '' : ' (running)'}`,
    '',
    `Traffic      ${trafficLine(r)}`,
    ...skipped(r).map((line) => `             ${line}`),
    `Entry        ${entryLine(r)}`,
    `Agreement    ${rate(r.agreement)}`,
    `Escalations  ${escalationLine(r)}`,
    `Timing       ${timingLine(r)}`,
    `Effects      ${effectsLine(r)}`,
    '',
    'Targets (live × candidate)',
    ...indent(textTable(confusionRows(r.confusion))),
    '',
    'Production metrics',
    ...indent(textTable(metricRows(r.metrics.live, r.metrics.candidate))),
    ...personsNote(r).flatMap((note) => ['', note]),
  ];
  if (r.disagreements.count > 0) {
    out.push(
      '',
      `Disagreements (${r.disagreements.count}${r.disagreements.count > r.disagreements.listed.length ? `, first ${r.disagreements.listed.length} listed` : ''})`,
    );
    out.push(...indent(textTable(disagreementRows(r))));
  }
  if (r.problems.length > 0) {
    out.push('', 'Problems');
    out.push(...indent(r.problems.map((p) => `${p.conversation}: ${p.message}`)));
  }
  out.push('', `Readiness: ${r.readiness.verdict}`);
  return `${out.join('\n')}\n`;
}

function skipped(r: ShadowReport): string[] {
  const line = skippedTracesLine(r.skipped);
  return line ? [line] : [];
}

/**
 * With no receiver known to be a person, a missed escalation cannot be seen: the gate on them
 * passes on nothing, and that must be said.
 */
function personsNote(r: ShadowReport): string[] {
  const live = r.metrics.live;
  return live.handoffs > 0 && !knowsPersons(live) ? [NO_PERSONS_SHADOW] : [];
}

export const NO_PERSONS_SHADOW =
  'No receiver is known to be a person, so escalations (missed, extra, overrides, undecided) count none and their gate passes on nothing: name the people in the suite’s shadow.persons, or mark handoffs to them with baton.handoff.target_kind=person.';

/** shadow.md: the same report for a pull request or a wiki page; pure. */
export function renderShadowMarkdown(r: ShadowReport): string {
  const [confHead = [], ...confRows] = confusionRows(r.confusion);
  const [metricHead = [], ...metricBody] = metricRows(r.metrics.live, r.metrics.candidate);
  const out = [
    `# Shadow: ${r.suite.name}`,
    '',
    `**${r.readiness.verdict}**`,
    '',
    `Candidate \`${r.suite.candidate}\` beside ${r.source}; ${r.final ? 'final report' : 'running'}, updated ${r.updatedAt}.`,
    '',
    mdTable(
      ['', ''],
      [
        ['traffic', [trafficLine(r), ...skipped(r)].join(' ')],
        ['entry', entryLine(r)],
        ['agreement', rate(r.agreement)],
        ['escalations', escalationLine(r)],
        ['timing', timingLine(r)],
        ['effects', effectsLine(r)],
      ],
    ),
    '',
    '## Targets (live × candidate)',
    '',
    mdTable(confHead, confRows),
    '',
    '## Production metrics',
    '',
    mdTable(metricHead, metricBody),
    '',
    ...personsNote(r).flatMap((note) => [note, '']),
    '## Rollout gates',
    '',
    ...r.readiness.stages.flatMap((s) => [
      `### ${s.percent}% — ${s.passed ? 'passes' : 'blocked'}`,
      '',
      mdTable(
        ['gate', 'threshold', 'actual', ''],
        s.gates.map((g) => [g.name, g.threshold, g.actual, g.passed ? '✓' : '✗']),
      ),
      '',
    ]),
  ];
  if (r.disagreements.count > 0)
    out.push(
      `## Disagreements (${r.disagreements.count})`,
      '',
      mdTable(['conversation', 'difference', 'draft'], disagreementRows(r)),
      '',
    );
  return `${out.join('\n')}\n`;
}
