import type { CaseResult, RunReport, StreamedReport } from '../../model/report.ts';
import { runName } from '../../model/report.ts';
import { inCaseOrder, reportFields } from '../json.ts';
import { CLIENT_CASE } from './client-case.ts';
import { CLIENT_LIST } from './client-list.ts';
import { CLIENT_TIMELINE } from './client-timeline.ts';
import { embedJson } from './embed.ts';
import { PAGE_STYLE } from './page-style.ts';
import {
  confusionSection,
  esc,
  headerSection,
  hopsSection,
  propertiesSection,
  ratesSection,
  summarySection,
} from './static-sections.ts';

/** How the HTML report links and what it compares. */
export interface HtmlOptions {
  /** Put before a case's file path to link to it (`../../`, or a repository's blob URL). */
  readonly sourceBase?: string;
  /** What to call this run beside the other one (default: its suite name). */
  readonly label?: string;
  /** A second report of the same cases (a comparison or a variant): timelines side by side. */
  readonly against?: { readonly report: StreamedReport; readonly label?: string };
  /** Past this many cases, passing cases are embedded slim (default `WHOLE_CASES_UP_TO`). */
  readonly wholeCasesUpTo?: number;
  /**
   * Past this many characters of embedded cases, the passing cases that follow are embedded slim
   * (default `WHOLE_CASE_TEXT_UP_TO`): a few thousand cases of large traces make a page as
   * large as many thousands of small ones.
   */
  readonly wholeCaseTextUpTo?: number;
}

const FILTERS = `<div class="filters" role="search">
<strong>Cases</strong>
<label><input type="checkbox" name="status" value="fail" checked> failed (<span data-count="fail"></span>)</label>
<label><input type="checkbox" name="status" value="error" checked> errored (<span data-count="error"></span>)</label>
<label><input type="checkbox" name="status" value="pass" checked> passed (<span data-count="pass"></span>)</label>
<label>code <select id="filter-code"><option value="">any</option></select></label>
<label>tag <select id="filter-tag"><option value="">any</option></select></label>
<label><input type="search" id="filter-text" placeholder="id or title"></label>
<label id="filter-changed-wrap" hidden><input type="checkbox" id="filter-changed"> only cases that differ (verdict, findings or route)</label>
<span id="shown-count" class="dim"></span>
</div>
<p id="against-legend" class="dim" hidden></p>`;

/**
 * Past this many cases a page embeds its passing cases without their findings, steps and
 * timeline (report.json has them): what a person opens a large report for is what did not
 * pass, and a page that embeds 100,000 timelines is too large for a browser to open.
 */
export const WHOLE_CASES_UP_TO = 20_000;

/**
 * Past this many characters of case data (both reports of a comparison together), a page embeds
 * the passing cases that follow slim, whatever their number: a browser parses and holds every
 * embedded character, and a page of several hundred megabytes fails to open.
 */
export const WHOLE_CASE_TEXT_UP_TO = 64_000_000;

/** What embedding the cases has used of the page's budget, shared by both reports of a page. */
interface PageBudget {
  readonly upTo: number;
  used: number;
  /** Passing cases embedded slim because the budget was spent. */
  slimmed: number;
}

/** What a passing case of a large report keeps on the page: its row, and why it has no more. */
const SLIM_KEYS = [
  ...['id', 'title', 'file', 'tags', 'status', 'repeats', 'passedRepeats'],
  ...['durationMs', 'hops', 'cost', 'permutationSeed'],
] as const;

function slimCase(c: CaseResult): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of SLIM_KEYS) if (c[k] !== undefined) out[k] = c[k];
  out.slim = true;
  return out;
}

/**
 * The one-file HTML report: summary, gates, rates, target confusion and hops rendered as HTML;
 * the cases, their findings and timelines rendered in the browser from the embedded report, a
 * visible slice at a time. Opens from disk with no network.
 */
export function renderHtml(report: RunReport, options: HtmlOptions = {}): string {
  return [...renderHtmlChunks(report, options)].join('');
}

/**
 * `renderHtml`'s page in pieces, reading the cases once, one at a time: a report of 100,000
 * cases is never one string nor all in memory (the report `against` is held whole). Of a
 * report of more than `WHOLE_CASES_UP_TO` cases, passing cases are embedded slim.
 */
export function* renderHtmlChunks(
  report: StreamedReport,
  options: HtmlOptions = {},
): Generator<string> {
  const overview = [
    ratesSection(report),
    confusionSection(report.metrics.confusion),
    hopsSection(report),
  ];
  yield `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(`Baton · ${runName(report)} · ${report.passed ? 'PASS' : 'FAIL'}`)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
${headerSection(report)}
${summarySection(report)}
<div class="overview">${overview.join('\n')}</div>
${propertiesSection(report)}
<section id="cases">
<h2>Cases</h2>
<noscript><p class="banner">The case list and timelines need JavaScript; the summary above does not.</p></noscript>
${slimBanner(report, options)}${FILTERS}
<div id="case-scroller" role="grid" aria-label="cases"><div id="case-spacer"></div><div id="case-rows"></div></div>
<div id="case-detail"></div>
</section>
</main>
<script type="application/json" id="baton-data">`;
  // In report.json's key order: the page's bytes do not depend on how the cases were held.
  const whole = options.wholeCasesUpTo ?? WHOLE_CASES_UP_TO;
  const budget: PageBudget = {
    upTo: options.wholeCaseTextUpTo ?? WHOLE_CASE_TEXT_UP_TO,
    used: 0,
    slimmed: 0,
  };
  yield '{"report":';
  yield* reportData(report, whole, budget);
  yield `,"sourceBase":${embedJson(options.sourceBase ?? '')},"label":${embedJson(options.label ?? runName(report))}`;
  const against = options.against;
  if (against) {
    yield ',"against":{"report":';
    yield* reportData(against.report, whole, budget);
    yield `,"label":${embedJson(against.label ?? runName(against.report))}}`;
  }
  // Known only once every case is embedded: the page's script shows it in the banner's place.
  if (budget.slimmed > 0)
    yield `,"slimmedBySize":${embedJson({ cases: budget.slimmed, upTo: budget.upTo })}`;
  yield `}</script>
<script>
"use strict";
${CLIENT_LIST}
${CLIENT_CASE}
${CLIENT_TIMELINE}
start();
</script>
</body>
</html>
`;
}

/**
 * The report as the page embeds it (compact, escaped), its cases one at a time. A passing case is
 * slim when the report has more than `wholeUpTo` cases, or when its whole text would take the
 * page past its budget; failed and errored cases are always whole.
 */
function* reportData(
  report: StreamedReport,
  wholeUpTo: number,
  budget: PageBudget,
): Generator<string> {
  const slim = report.cases.length > wholeUpTo;
  const { top, keys } = reportFields(report);
  for (const [i, key] of keys.entries()) {
    yield `${i === 0 ? '{' : ','}${embedJson(key)}:`;
    if (key !== 'cases') {
      yield embedJson(top[key]);
      continue;
    }
    let n = 0;
    for (const c of report.cases) {
      const pass = c.status === 'pass';
      let text = embedJson(slim && pass ? slimCase(c) : inCaseOrder(c));
      if (pass && !slim && budget.used + text.length > budget.upTo) {
        text = embedJson(slimCase(c));
        budget.slimmed++;
      }
      budget.used += text.length;
      yield (n++ === 0 ? '[' : ',') + text;
    }
    yield n === 0 ? '[]' : ']';
  }
  yield keys.length === 0 ? '{}' : '}';
}

/** Says, above the case list, when passing cases are embedded slim (`WHOLE_CASES_UP_TO`). */
function slimBanner(report: StreamedReport, options: HtmlOptions): string {
  const whole = options.wholeCasesUpTo ?? WHOLE_CASES_UP_TO;
  const large = Math.max(report.cases.length, options.against?.report.cases.length ?? 0);
  if (large <= whole) return '';
  return `<p class="banner" id="slim-cases">This report has ${large.toLocaleString('en')} cases: past ${whole.toLocaleString('en')}, the page keeps the findings and timeline of failed and errored cases only. Passing cases are listed without them; report.json has every case whole.</p>\n`;
}
