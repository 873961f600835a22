import escapeHtml from 'escape-html';
import {
  type ConfusionMatrix,
  type GateResult,
  gateName,
  type Rate,
  type RunReport,
  runName,
} from '../../model/report.ts';
import { byCodeEntries, compareBuckets, duration, interval, num, percent } from '../format.ts';
import { brokenProperties, exampleText, propertyTally, replayCommand } from '../property-lines.ts';
import { countOf, judged } from '../units.ts';

/** What the page's sections read of a report: everything but its cases. */
type Sections = Omit<RunReport, 'cases'>;

/** Escapes text for HTML content and attribute values. */
export const esc = (text: unknown): string => escapeHtml(String(text));

function rateText(rate: Rate): string {
  return `${percent(rate.rate)} <span class="dim">${esc(interval(rate))}</span>`;
}

/** The page header: suite, verdict, adapter, when, how long, versions, filters. */
export function headerSection(report: Sections): string {
  const verdict = report.passed ? 'PASS' : 'FAIL';
  const info = report.run;
  const meta = [
    `adapter <code>${esc(report.suite.adapter)}</code>`,
    `suite <code>${esc(report.suite.file)}</code>`,
    `started ${esc(report.startedAt)}`,
    `took ${esc(duration(report.durationMs))}`,
    ...(report.repeat > 1 ? [`${report.repeat} repeats per case`] : []),
    ...(info ? [`Baton ${esc(info.baton)} · Node ${esc(info.node)}`] : []),
    ...(info?.git
      ? [
          `commit <code>${esc(info.git.commit.slice(0, 12))}</code>${info.git.dirty ? ' (with uncommitted changes)' : ''}`,
        ]
      : []),
  ];
  const partial = info?.partial ? `<p class="banner" id="partial">${partialText(report)}</p>` : '';
  return `<header><h1><span class="verdict ${verdict.toLowerCase()}">${verdict}</span> Baton · ${esc(runName(report))}</h1><p class="meta">${meta.join(' · ')}</p>${partial}</header>`;
}

function partialText(report: Sections): string {
  const f = report.run?.filters ?? {};
  const parts = [
    ...(f.cases ? [`cases ${f.cases.map((c) => `<code>${esc(c)}</code>`).join(', ')}`] : []),
    ...(f.tags ? [`tags ${f.tags.map((t) => `<code>${esc(t)}</code>`).join(', ')}`] : []),
    ...(f.property ? [`property <code>${esc(f.property)}</code>`] : []),
    ...(report.run?.shard ? [`shard ${report.run.shard.index} of ${report.run.shard.total}`] : []),
  ];
  return `A partial run (${parts.join(' · ')}): the suite has cases this report leaves out.`;
}

/** Counts of cases and the pass rate, each saying what it counts. */
export function summarySection(report: Sections): string {
  const { summary: s, metrics: m } = report;
  const card = (label: string, value: string, cls = '') =>
    `<div class="card ${cls}"><div class="value">${value}</div><div class="label">${label}</div></div>`;
  const cards = [
    card('cases', String(s.cases)),
    card('passed', String(s.passed), 'pass'),
    card('failed', String(s.failed), s.failed > 0 ? 'fail' : ''),
    card('errored', String(s.errored), s.errored > 0 ? 'error' : ''),
    card(`pass rate of ${m.passRate.of} judged case runs`, rateText(m.passRate)),
    ...(report.repeat > 1
      ? [
          card(
            `pass^${report.repeat}: cases passing all ${report.repeat} repeats`,
            rateText(m.passAllRepeats),
          ),
        ]
      : []),
    card('cost (weighted findings)', esc(num(m.cost))),
  ];
  return `<section id="summary"><div class="cards">${cards.join('')}</div>${gatesTable(report.gates)}</section>`;
}

function gatesTable(gates: readonly GateResult[]): string {
  if (gates.length === 0) return '<p class="dim">No gates: the run passes whatever it finds.</p>';
  const rows = gates.map(
    (g) =>
      `<tr class="${g.passed ? 'pass' : 'fail'}"><td>${g.passed ? '✓' : '✗'}</td><td>${esc(gateName(g))}</td><td>${esc(g.threshold)}</td><td class="num">${esc(num(g.actual))}</td></tr>`,
  );
  return `<h2>Gates</h2><table id="gates"><thead><tr><th></th><th>gate</th><th>threshold</th><th class="num">actual</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** Each judged code's rate over what it counts, with its 95% interval; the rest as n/a. */
export function ratesSection(report: Sections): string {
  const entries = byCodeEntries(report.metrics.byCode);
  const rows = entries
    .filter(([, r]) => judged(r))
    .map(
      ([code, r]) =>
        `<tr><td><code>${esc(code)}</code></td><td class="num">${r.count}</td><td>${esc(countOf(code, r.of, report.repeat))}</td><td class="num">${percent(r.rate)}</td><td>${esc(interval(r))}</td><td><span class="bar" style="--w:${(Number.isFinite(r.rate) ? r.rate : 0) * 100}%"></span></td></tr>`,
    );
  const na = entries.filter(([, r]) => !judged(r)).map(([c]) => `<code>${esc(c)}</code>`);
  const naLine = na.length
    ? `<p class="dim">n/a (nothing to judge in this run): ${na.join(', ')}</p>`
    : '';
  return `<section id="rates"><h2>Findings by code</h2><table><thead><tr><th>code</th><th class="num">count</th><th>out of</th><th class="num">rate</th><th>95% interval</th><th></th></tr></thead><tbody>${rows.join('')}</tbody></table>${naLine}</section>`;
}

/** Expected × observed targets; the diagonal is agreement. */
export function confusionSection({ labels, counts }: ConfusionMatrix): string {
  if (labels.length === 0) return '';
  const most = Math.max(1, ...labels.flatMap((e) => labels.map((o) => counts[e]?.[o] ?? 0)));
  const head = labels.map((l) => `<th scope="col">${esc(l)}</th>`).join('');
  const rows = labels.map((e) => {
    const cells = labels.map((o) => {
      const n = counts[e]?.[o] ?? 0;
      const cls = n === 0 ? 'zero' : e === o ? 'agree' : 'disagree';
      return `<td class="num ${cls}" style="--a:${n / most}" title="expected ${esc(e)}, observed ${esc(o)}: ${n}">${n}</td>`;
    });
    return `<tr><th scope="row">${esc(e)}</th>${cells.join('')}</tr>`;
  });
  return `<section id="confusion"><h2>Expected × observed target</h2><p class="dim">Rows: the target the labels expect (<code>none</code>: no handoff). Columns: the target observed.</p><table class="matrix"><thead><tr><th>expected ↓ / observed →</th>${head}</tr></thead><tbody>${rows.join('')}</tbody></table></section>`;
}

/** Hops per case run as a histogram. */
export function hopsSection(report: Sections): string {
  const { histogram, mean, max } = report.metrics.hops;
  const entries = Object.entries(histogram).sort(([a], [b]) => compareBuckets(a, b));
  if (entries.length === 0) return '';
  const most = Math.max(1, ...entries.map(([, n]) => n));
  const rows = entries.map(
    ([h, n]) =>
      `<tr><td class="num">${esc(h)}</td><td class="num">${n}</td><td><span class="bar" style="--w:${(n / most) * 100}%"></span></td></tr>`,
  );
  return `<section id="hops"><h2>Hops per case run</h2><p class="dim">mean ${esc(num(mean))} · max ${esc(num(max))}</p><table><thead><tr><th class="num">hops</th><th class="num">case runs</th><th></th></tr></thead><tbody>${rows.join('')}</tbody></table></section>`;
}

/** Envelope properties: the tally and every broken one with its seed and replay command. */
export function propertiesSection(report: Sections): string {
  if (report.properties.length === 0) return '';
  const broken = brokenProperties(report).map((p) => {
    const replay = replayCommand(report, p);
    return `<li class="${p.outcome}"><code>${esc(p.id)}</code> ${p.code ? `<code>${esc(p.code)}</code>` : '(error)'}: ${esc(p.message)}<pre>${esc(exampleText(p))}</pre><span class="dim">seed ${p.seed}${p.path ? ` · path ${esc(p.path)}` : ''}${replay ? ` · replay: <code>${esc(replay)}</code>` : ''}</span></li>`;
  });
  return `<section id="properties"><h2>Envelope properties</h2><p>${esc(propertyTally(report.properties))}</p><ul>${broken.join('')}</ul></section>`;
}
