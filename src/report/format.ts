import { stripVTControlCharacters } from 'node:util';
import { jsonText } from '../json-text.ts';
import { FINDING_CODES } from '../model/finding.ts';
import type { CaseResult, Rate, ReportFinding } from '../model/report.ts';

/** `0.0667 → '6.7%'`; non-finite values (a rate over zero cases) render as a dash. */
export function percent(value: number, digits = 1): string {
  return Number.isFinite(value) ? `${(value * 100).toFixed(digits)}%` : '—';
}

/** The 95% interval of a rate: `[1.8%, 21.3%]`. */
export function interval(rate: Pick<Rate, 'low' | 'high'>, digits = 1): string {
  return `[${percent(rate.low, digits)}, ${percent(rate.high, digits)}]`;
}

/** `2/30` */
export function fraction(rate: Pick<Rate, 'count' | 'of'>): string {
  return `${rate.count}/${rate.of}`;
}

/** `850 ms`, `12.4 s`, `2m 05s`, `1h 02m`: precise for short runs, compact for long ones. */
export function duration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ${pad2(seconds % 60)}s`;
  return `${Math.floor(seconds / 3600)}h ${pad2(Math.floor(seconds / 60) % 60)}m`;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** Integers as they are; fractions to three significant digits (`0.933`, `12.3`). */
export function num(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Number.isInteger(n)) return String(n);
  if (Math.abs(n) >= 100) return n.toFixed(1);
  return String(Number(n.toPrecision(3)));
}

/** `step 4`; `start` for events before the first step; a dash when the finding has no step. */
export function stepLabel(step: number | undefined): string {
  if (step === undefined) return '—';
  return step < 0 ? 'start' : `step ${step}`;
}

/** `pass^3`: the share of cases that passed all k repeats. */
export function passAllLabel(repeat: number): string {
  return `pass^${repeat}`;
}

/** A finding's expected/observed data on one line: flat objects as `key: value, …`. */
export function value(v: unknown): string {
  if (v === undefined || v === null) return '—';
  if (typeof v === 'string') return v;
  if (typeof v !== 'object' || Array.isArray(v)) return json(v);
  return Object.entries(v)
    .map(([k, x]) => `${k}: ${typeof x === 'string' ? x : json(x)}`)
    .join(', ');
}

function json(v: unknown): string {
  try {
    return jsonText(v) ?? String(v);
  } catch {
    return String(v);
  }
}

/** The findings a person must see for a case: all that did not pass, minus `case.error` when
 * the case's error already says the same. */
export function problems(c: CaseResult): readonly ReportFinding[] {
  return c.findings.filter(
    (f) => f.outcome !== 'pass' && !(c.error !== undefined && f.code === 'case.error'),
  );
}

/** A code-keyed record's entries in `FINDING_CODES` order, unknown codes last (sorted). */
export function byCodeEntries<T>(record: Readonly<Record<string, T | undefined>>): [string, T][] {
  return Object.entries(record)
    .filter((e): e is [string, T] => e[1] !== undefined)
    .sort(([a], [b]) => compareCodes(a, b));
}

const CODE_RANK = new Map<string, number>(FINDING_CODES.map((code, i) => [code, i]));

/** Finding codes in `FINDING_CODES` order, unknown codes after them by name. */
export function compareCodes(a: string, b: string): number {
  const [x, y] = [CODE_RANK.get(a) ?? CODE_RANK.size, CODE_RANK.get(b) ?? CODE_RANK.size];
  return x - y || (a < b ? -1 : a > b ? 1 : 0);
}

/** Histogram buckets: numeric keys in numeric order, then any others (`10+`) as strings. */
export function compareBuckets(a: string, b: string): number {
  const [x, y] = [Number(a), Number(b)];
  const [nx, ny] = [a !== '' && Number.isFinite(x), b !== '' && Number.isFinite(y)];
  // Numbers by value, ties (` 1` beside `1`) by their text: a total order, whatever order came in.
  if (nx && ny && x !== y) return x - y;
  if (nx !== ny) return nx ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

export type Align = 'left' | 'right';

/** Pads cells into columns; widths ignore ANSI colour codes, so cells may be pre-coloured. */
export function textTable(rows: readonly (readonly string[])[], align: readonly Align[] = []) {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, visibleWidth(cell));
    });
  }
  return rows.map((row) =>
    row
      .map((cell, i) => {
        const fill = ' '.repeat((widths[i] ?? 0) - visibleWidth(cell));
        return align[i] === 'right' ? fill + cell : cell + fill;
      })
      .join('  ')
      .trimEnd(),
  );
}

function visibleWidth(text: string): number {
  return [...stripVTControlCharacters(text)].length;
}

/** Makes text safe inside a GitHub-flavoured Markdown table cell: one line, no stray pipes or HTML. */
export function mdCell(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('|', '\\|')
    .replace(/\r\n|\r|\n/g, '<br>');
}

/** A GFM table; every cell is escaped with `mdCell`, so pass plain text or inline Markdown. */
export function mdTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  align: readonly Align[] = [],
): string {
  const line = (cells: readonly string[]) => `| ${cells.map(mdCell).join(' | ')} |`;
  const rule = `|${header.map((_, i) => (align[i] === 'right' ? '---:' : '---')).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}
