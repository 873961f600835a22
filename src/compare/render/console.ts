import { styleText } from 'node:util';
import { stepLabel, textTable } from '../../report/format.ts';
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

/** How the console comparison looks; the CLI decides `color`. */
export interface CompareConsoleOptions {
  readonly color: boolean;
  /** Also list the cases whose verdict and findings stayed the same. */
  readonly verbose?: boolean;
}

type Paint = (format: Parameters<typeof styleText>[0], text: string) => string;

const MARKS = {
  broke: ['✗ BROKE', 'red'],
  fixed: ['✓ FIXED', 'green'],
  changed: ['~ CHANGED', 'yellow'],
  errored: ['! ERRORED', 'yellow'],
  added: ['+ ADDED', 'dim'],
  removed: ['- REMOVED', 'dim'],
  same: ['= SAME', 'dim'],
} as const;

/** The comparison a person reads in a terminal: what broke and was fixed, the metrics, the gates. */
export function renderCompareConsole(
  report: CompareReport,
  options: CompareConsoleOptions,
): string {
  const paint: Paint = options.color
    ? (f, t) => styleText(f, t, { validateStream: false })
    : (_f, t) => t;
  const kinds = ['broke', 'fixed', 'changed', 'errored', 'added', 'removed'] as const;
  const sections = [
    [header(report, paint)],
    [...kinds, ...(options.verbose ? (['same'] as const) : [])].flatMap((k) =>
      casesOf(report, k).flatMap((c) => caseLines(report, c, paint)),
    ),
    [`${paint('dim', 'Cases')}  ${changeTally(report.summary)}`],
    metricsTable(report, paint),
    gateLines(report, paint),
    [verdict(report, paint)],
  ];
  return `${sections
    .filter((s) => s.length > 0)
    .map((s) => s.join('\n'))
    .join('\n\n')}\n`;
}

function header(r: CompareReport, paint: Paint): string {
  const s = r.settings;
  const info = `${r.summary.paired} paired cases · seed ${s.seed} · ${s.resamples} resamples`;
  return `${paint('bold', 'Baton compare')}  ${paint('bold', r.baseline.name)} → ${paint('bold', r.candidate.name)}  ${paint('dim', info)}`;
}

function caseLines(r: CompareReport, c: CaseChange, paint: Paint): string[] {
  const [mark, colour] = MARKS[c.change];
  const lines = [`${paint([colour, 'bold'], mark)}  ${paint('bold', c.id)}  ${c.title}`];
  // A broke case shows what the candidate did wrong; a fixed one what the baseline did.
  const shown: [string, CaseSide | undefined, 'baseline' | 'candidate'][] =
    c.change === 'broke' || c.change === 'added'
      ? [[r.candidate.name, c.candidate, 'candidate']]
      : c.change === 'fixed' || c.change === 'removed'
        ? [[r.baseline.name, c.baseline, 'baseline']]
        : [
            [r.baseline.name, c.baseline, 'baseline'],
            [r.candidate.name, c.candidate, 'candidate'],
          ];
  const rows = shown.flatMap(([who, side]) =>
    (side?.findings ?? []).map((f) => [
      paint('dim', who),
      paint('dim', stepLabel(f.step)),
      paint(f.outcome === 'error' ? 'yellow' : 'red', f.code),
      f.message,
    ]),
  );
  // Same verdict, other behaviour: say what each side did.
  if (c.change === 'changed' || c.change === 'same') {
    for (const [who, side] of shown)
      if (side?.findings.length === 0) rows.push([paint('dim', who), handoffsText(side)]);
  }
  // How a side fared over its repeats, where that tells something (a flaky side, other counts).
  for (const [who, , key] of shown) {
    const note = repeatsNote(c, key);
    if (note !== undefined) rows.push([paint('dim', who), note]);
  }
  lines.push(...textTable(rows).map((l) => `    ${l}`));
  return lines;
}

function metricsTable(r: CompareReport, paint: Paint): string[] {
  const head = [
    'Metric',
    r.baseline.name,
    r.candidate.name,
    'difference (95% paired)',
    'worse/better',
    'McNemar p',
    'MDD',
    '',
  ].map((h) => paint('dim', h));
  const rows = r.metrics.map((m) => {
    const word = verdictText(m);
    const colour = m.verdict === 'worse' ? 'red' : m.verdict === 'better' ? 'green' : 'dim';
    return [
      metricLabel(m),
      estimateText(m, 'baseline'),
      estimateText(m, 'candidate'),
      differenceText(m),
      `${m.mcnemar.worse} / ${m.mcnemar.better}`,
      pText(m.mcnemar.p),
      mddText(m),
      paint(colour, word),
    ];
  });
  return textTable([head, ...rows], ['left', 'left', 'left', 'left', 'right', 'right', 'right']);
}

function gateLines(r: CompareReport, paint: Paint): string[] {
  const rows = r.gates.map((g) => [
    g.passed ? paint('green', '✓') : paint('red', '✗'),
    g.name,
    gateThreshold(g),
    `actual ${gateActual(g)}`,
  ]);
  return rows.length === 0 ? [] : [paint('dim', 'Gates'), ...textTable(rows)];
}

/** The gates' verdict first (it decides the exit code), then the statistics' own finding. */
function verdict(r: CompareReport, paint: Paint): string {
  const word = r.passed ? paint(['green', 'bold'], 'PASS') : paint(['red', 'bold'], 'FAIL');
  return `${word}  ${gateVerdict(r)}\n      ${passRateFinding(r)}`;
}
