import { styleText } from 'node:util';
import type {
  CaseResult,
  GateResult,
  Rate,
  ReportFinding,
  StreamedReport,
} from '../model/report.ts';
import { gateActual, gateName, outcomeOf, runName } from '../model/report.ts';
import {
  byCodeEntries,
  duration,
  interval,
  num,
  passAllLabel,
  percent,
  problems,
  stepLabel,
  textTable,
} from './format.ts';
import { notPassed } from './not-passed.ts';
import { brokenProperties, exampleText, propertyTally, replayCommand } from './property-lines.ts';
import { countRows, shownCounts, warningPlace } from './recognition-lines.ts';
import { terminalSafe } from './terminal-text.ts';
import { countOf } from './units.ts';

/** How the console report looks; the CLI decides `color` from the terminal and flags. */
export interface ConsoleOptions {
  readonly color: boolean;
  /** Also list passing cases, one line each. */
  readonly verbose?: boolean;
}

/** Findings listed per case; a runaway case (thousands of handoffs) would bury the rest. */
const MAX_FINDINGS_SHOWN = 50;

type Format = Parameters<typeof styleText>[0];
type Paint = (format: Format, text: string) => string;

function painter(color: boolean): Paint {
  // The caller already decided on colour; do not let styleText second-guess it from stdout.
  return color
    ? (format, text) => styleText(format, text, { validateStream: false })
    : (_f, t) => t;
}

/** The report a person reads in a terminal: what failed, the rates, the gates, one verdict. */
export function renderConsole(given: StreamedReport, options: ConsoleOptions): string {
  // Case text, trace names and implementation errors are untrusted: escape them for the terminal.
  // The cases one at a time: they may be read back from disk, and are many.
  const report = terminalSafe({ ...given, cases: [] });
  const paint = painter(options.color);
  const verbose = options.verbose ?? false;
  // Only --verbose lists passing cases: otherwise only those that did not pass are read.
  const listed = caseSections(verbose ? given.cases : notPassed(given), paint, verbose, report);
  const sections = [
    [header(report, paint)],
    runWarnings(report, paint),
    listed.bad,
    listed.passing,
    listed.derived,
    propertiesSection(report, paint),
    findingsTable(report, paint),
    recognitionTable(report, paint, options.verbose ?? false),
    gates(report.gates, paint),
    warningLines(report, paint),
    [verdict(report, paint)],
  ];
  return `${sections
    .filter((s) => s.length > 0)
    .map((s) => s.join('\n'))
    .join('\n\n')}\n`;
}

function header(report: StreamedReport, paint: Paint): string {
  const parts = [
    `${report.summary.cases} ${report.summary.cases === 1 ? 'case' : 'cases'}`,
    ...(report.repeat > 1 ? [`×${report.repeat} repeats`] : []),
    duration(report.durationMs),
  ];
  return `${paint('bold', `Baton ${runName(report)}`)}  ${paint('dim', `adapter ${report.suite.adapter}`)}  ${parts.join(' · ')}`;
}

/** What makes the whole run untrustworthy, before any case: a signal, escaped errors. */
function runWarnings(report: StreamedReport, paint: Paint): string[] {
  const lines: string[] = [];
  if (report.interrupted) {
    const { signal, casesNotRun } = report.interrupted;
    lines.push(
      `${paint(['yellow', 'bold'], '! INTERRUPTED')}  by ${signal}: ${casesNotRun} case(s) not run; this report holds only the cases that finished`,
    );
  }
  for (const u of report.unhandled ?? []) {
    const where = u.caseId === undefined ? 'outside any case' : `in case ${u.caseId}`;
    lines.push(`${paint(['red', 'bold'], '! ESCAPED')}  ${where}: ${u.message}`);
  }
  return lines;
}

/** Failing and errored cases; under `verbose` also the passing ones and derived steps. */
function caseSections(
  cases: Iterable<CaseResult>,
  paint: Paint,
  verbose: boolean,
  report: StreamedReport,
) {
  const noted = caseWarnings(report, paint);
  const bad: string[] = [];
  const passing: string[][] = [];
  const traced: CaseResult[] = [];
  for (const given of cases) {
    const c = terminalSafe(given);
    if (c.status !== 'pass') bad.push(...badCase(c, paint), ...(noted.get(c.id) ?? []));
    if (!verbose) continue;
    if (c.status === 'pass') passing.push(passingRow(c, paint));
    if (c.steps?.length && c.steps.every((s) => s.kind === 'trace')) traced.push(c);
  }
  return {
    bad,
    passing: textTable(passing),
    derived: verbose ? derivedSteps(traced, paint) : [],
  };
}

/**
 * Data warnings about one case (its trace lost spans to an unreadable line), shown under it too:
 * its findings are read with them. Already escaped (`report` went through terminalSafe).
 */
function caseWarnings(report: StreamedReport, paint: Paint): Map<string, string[]> {
  const byCase = new Map<string, string[]>();
  for (const w of report.warnings ?? []) {
    if (w.caseId === undefined || w.code !== 'traces.unreadable') continue;
    const lines = byCase.get(w.caseId) ?? [];
    lines.push(indented(`${paint('yellow', `! ${w.code}`)}  ${w.message}`));
    byCase.set(w.caseId, lines);
  }
  return byCase;
}

function badCase(c: CaseResult, paint: Paint): string[] {
  const mark =
    c.status === 'error' ? paint(['yellow', 'bold'], '! ERROR') : paint(['red', 'bold'], '✗ FAIL');
  const repeats =
    c.repeats > 1 ? `  ${paint('dim', `passed ${c.passedRepeats}/${c.repeats} repeats`)}` : '';
  // A case file that does not load has its path in its title already: printed once.
  const file = c.file === undefined || c.title.includes(c.file) ? '' : `  ${paint('dim', c.file)}`;
  const seed =
    c.permutationSeed === undefined ? '' : `  ${paint('dim', `order seed ${c.permutationSeed}`)}`;
  const lines = [`${mark}  ${paint('bold', c.id)}  ${c.title}${file}${repeats}${seed}`];
  if (c.error !== undefined) {
    lines.push(indented(`${paint('yellow', c.error.code)}  ${c.error.message}`));
  }
  const { shown, repeated } = firstOfEachCode(problems(c));
  const rows = shown
    .slice(0, MAX_FINDINGS_SHOWN)
    .map((f) => [
      paint('dim', stepLabel(f.step)),
      paint(f.outcome === 'error' ? 'yellow' : 'red', f.code),
      f.message,
    ]);
  for (const row of textTable(rows)) lines.push(indented(row));
  for (const [code, more] of repeated)
    lines.push(indented(paint('dim', `… and ${more} more ${code} (every one in report.json)`)));
  if (shown.length > MAX_FINDINGS_SHOWN) {
    const more = shown.length - MAX_FINDINGS_SHOWN;
    lines.push(indented(paint('dim', `… and ${more} more finding(s) in report.json`)));
  }
  return lines;
}

/** Findings of one code a case shows before the rest are counted (a loop's tenth bounce). */
const SHOWN_OF_A_CODE = 3;

/**
 * The findings a case shows: at most `SHOWN_OF_A_CODE` of each code, in order, and how many more
 * of each code there are. A runaway ping-pong reads as its first bounces and a count.
 */
function firstOfEachCode(findings: readonly ReportFinding[]): {
  shown: ReportFinding[];
  repeated: [string, number][];
} {
  const seen = new Map<string, number>();
  const shown: ReportFinding[] = [];
  for (const f of findings) {
    const n = (seen.get(f.code) ?? 0) + 1;
    seen.set(f.code, n);
    if (n <= SHOWN_OF_A_CODE) shown.push(f);
  }
  const repeated = [...seen]
    .filter(([, n]) => n > SHOWN_OF_A_CODE)
    .map(([code, n]): [string, number] => [code, n - SHOWN_OF_A_CODE]);
  return { shown, repeated };
}

function indented(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}

function passingRow(c: CaseResult, paint: Paint): string[] {
  return [paint('green', '✓'), c.id, c.title, paint('dim', duration(c.durationMs))];
}

/** Where each step of a recorded trace begins, per case: what a label's `at` counts. */
function derivedSteps(traced: readonly CaseResult[], paint: Paint): string[] {
  if (traced.length === 0) return [];
  return [
    paint('dim', 'Steps derived from the traces'),
    ...traced.flatMap((c) => [
      `  ${c.id}`,
      ...textTable((c.steps ?? []).map((s, i) => [paint('dim', `step ${i}`), s.text])).map(
        (line) => `    ${line}`,
      ),
    ]),
  ];
}

function findingsTable(report: StreamedReport, paint: Paint): string[] {
  const rows = byCodeEntries(report.metrics.byCode)
    .filter(([, rate]) => rate.count > 0)
    .map(([code, rate]) => rateRow(code, rate, countOf(code, rate.of, report.repeat)));
  if (report.repeat > 1) {
    const all = report.metrics.passAllRepeats;
    rows.unshift(rateRow(`${passAllLabel(report.repeat)} (all repeats)`, all, `${all.of} cases`));
  }
  if (rows.length === 0) return [];
  const head = ['Findings', 'count', 'rate', '95% interval'].map((h) => paint('dim', h));
  return textTable([head, ...rows], ['left', 'left', 'right', 'left']);
}

function rateRow(label: string, rate: Rate, of: string): string[] {
  return [label, `${rate.count} of ${of}`, percent(rate.rate), interval(rate)];
}

function propertiesSection(report: StreamedReport, paint: Paint): string[] {
  if (report.properties.length === 0) return [];
  const lines = [`${paint('dim', 'Envelope properties')}  ${propertyTally(report.properties)}`];
  for (const p of brokenProperties(report)) {
    const mark =
      p.outcome === 'error'
        ? paint(['yellow', 'bold'], '! ERROR')
        : paint(['red', 'bold'], '✗ FAIL');
    lines.push(`${mark}  ${paint('bold', p.id)}  ${p.code ? paint('red', p.code) : ''}`);
    lines.push(indented(p.message));
    const example = exampleText(p);
    if (example) lines.push(indented(`${paint('dim', 'counterexample')} ${example}`));
    lines.push(
      indented(
        paint(
          'dim',
          `seed ${p.seed}${p.path ? `  path ${p.path}` : ''}  after ${p.numRuns} runs, ${p.shrinks ?? 0} shrinks`,
        ),
      ),
    );
    const replay = replayCommand(report, p);
    if (replay) lines.push(indented(`${paint('dim', 'replay')} ${replay}`));
  }
  return lines;
}

const GATE_MARK = { pass: ['green', '✓'], fail: ['red', '✗'], 'n/a': ['dim', '–'] } as const;

function gates(results: readonly GateResult[], paint: Paint): string[] {
  if (results.length === 0) return [];
  const rows = results.map((g) => {
    const [color, mark] = GATE_MARK[outcomeOf(g)];
    const actual = gateActual(g, `actual ${num(g.actual)}`);
    return [paint(color, mark), gateName(g), g.threshold, actual];
  });
  return [paint('dim', 'Gates'), ...textTable(rows)];
}

/**
 * The console report's last line alone (PASS or FAIL, the counts, the gates): what a run that
 * writes only files still prints, so that it never ends without its verdict.
 */
export function verdictLine(report: StreamedReport, options: { readonly color: boolean }): string {
  return `${verdict(report, painter(options.color))}\n`;
}

function verdict(report: StreamedReport, paint: Paint): string {
  const { summary, metrics } = report;
  const parts = [
    `${summary.cases} ${summary.cases === 1 ? 'case' : 'cases'}`,
    `${summary.passed} passed`,
    `${summary.failed} failed`,
    `${summary.errored} errored`,
  ];
  if (report.repeat > 1) {
    parts.push(`${passAllLabel(report.repeat)} ${percent(metrics.passAllRepeats.rate)}`);
  }
  if (report.properties.length > 0) {
    const broken = brokenProperties(report).length;
    const ran = report.properties.some((p) => p.outcome !== 'skip');
    parts.push(`properties ${broken > 0 ? `${broken} failed` : ran ? 'ok' : 'all skipped'}`);
  }
  const passedGates = report.gates.filter((g) => outcomeOf(g) === 'pass').length;
  const na = report.gates.filter((g) => outcomeOf(g) === 'n/a').length;
  parts.push(`gates ${passedGates}/${report.gates.length}${na > 0 ? ` (${na} n/a)` : ''}`);
  parts.push(...(report.reasons ?? []));
  // Errors under --strict are among the reasons; the rest of the run's warnings are counted here.
  const warnings = (report.warnings ?? []).filter((w) => w.severity === 'warning').length;
  if (warnings > 0) parts.push(`${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`);
  const word = report.interrupted
    ? paint(['yellow', 'bold'], 'INTERRUPTED')
    : report.passed
      ? paint(['green', 'bold'], 'PASS')
      : paint(['red', 'bold'], 'FAIL');
  return `${word}  ${parts.join(' · ')}`;
}

/** What each rule and shape matched: shown for suites with rules (all shapes with --verbose). */
function recognitionTable(report: StreamedReport, paint: Paint, verbose: boolean): string[] {
  const counts = shownCounts(report, verbose);
  if (counts.length === 0) return [];
  const head = ['Recognised', 'where', 'spans', 'cases'].map((h) => paint('dim', h));
  const rows = countRows(counts).map((row, i) =>
    counts[i]?.spans === 0 && counts[i]?.source !== 'shape'
      ? row.map((c) => paint('yellow', c))
      : row,
  );
  return textTable([head, ...rows], ['left', 'left', 'right', 'right']);
}

function warningLines(report: StreamedReport, paint: Paint): string[] {
  return (report.warnings ?? []).flatMap((w) => {
    const mark =
      w.severity === 'error'
        ? paint(['red', 'bold'], '✗ ERROR')
        : paint(['yellow', 'bold'], '! WARNING');
    const where = warningPlace(w);
    const lines = [
      `${mark}  ${where === '' ? '' : `${paint('dim', where)}  `}${w.code}  ${w.message}`,
    ];
    if (w.fix !== undefined) lines.push(indented(`${paint('dim', 'fix:')} ${w.fix}`));
    return lines;
  });
}
