import type { RunReport } from '../../model/report.ts';
import { inReportOrder } from '../json.ts';
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
  readonly against?: { readonly report: RunReport; readonly label?: string };
}

const FILTERS = `<div class="filters" role="search">
<strong>Cases</strong>
<label><input type="checkbox" name="status" value="fail" checked> failed (<span data-count="fail"></span>)</label>
<label><input type="checkbox" name="status" value="error" checked> errored (<span data-count="error"></span>)</label>
<label><input type="checkbox" name="status" value="pass" checked> passed (<span data-count="pass"></span>)</label>
<label>code <select id="filter-code"><option value="">any</option></select></label>
<label>tag <select id="filter-tag"><option value="">any</option></select></label>
<label><input type="search" id="filter-text" placeholder="id or title"></label>
<label id="filter-changed-wrap" hidden><input type="checkbox" id="filter-changed"> only cases whose verdict differs</label>
<span id="shown-count" class="dim"></span>
</div>`;

/**
 * The one-file HTML report: summary, gates, rates, target confusion and hops rendered as HTML;
 * the cases, their findings and timelines rendered in the browser from the embedded report, a
 * visible slice at a time. Opens from disk with no network.
 */
export function renderHtml(report: RunReport, options: HtmlOptions = {}): string {
  // In report.json's key order: the page's bytes do not depend on how the cases were held.
  const data = {
    report: inReportOrder(report),
    sourceBase: options.sourceBase ?? '',
    label: options.label ?? report.suite.name,
    ...(options.against && {
      against: {
        report: inReportOrder(options.against.report),
        label: options.against.label ?? options.against.report.suite.name,
      },
    }),
  };
  const overview = [
    ratesSection(report),
    confusionSection(report.metrics.confusion),
    hopsSection(report),
  ];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(`Baton · ${report.suite.name} · ${report.passed ? 'PASS' : 'FAIL'}`)}</title>
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
${FILTERS}
<div id="case-scroller" role="grid" aria-label="cases"><div id="case-spacer"></div><div id="case-rows"></div></div>
<div id="case-detail"></div>
</section>
</main>
<script type="application/json" id="baton-data">${embedJson(data)}</script>
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
