import { num, percent } from '../../report/format.ts';
import type { CaseChange, CaseSide, CompareReport, MetricComparison } from '../compare-report.ts';

/** `pass rate`, `cost`, or the finding code's rate. */
export function metricLabel(m: Pick<MetricComparison, 'metric'>): string {
  return m.metric === 'pass_rate' ? 'pass rate' : m.metric;
}

const isTotal = (m: Pick<MetricComparison, 'metric'>) => m.metric === 'cost';

/** `78.9% [63.7%, 88.9%]` for a rate, `76 [52, 100]` for a total. */
export function estimateText(m: MetricComparison, side: 'baseline' | 'candidate'): string {
  const e = m[side];
  if (isTotal(m)) return `${num(e.value)} [${num(e.low)}, ${num(e.high)}]`;
  return `${percent(e.value)} [${percent(e.low)}, ${percent(e.high)}]`;
}

/** Below this a difference is rounding noise of the floating point sums: zero. */
const NOISE = 1e-9;

/** Whether a difference is zero but for rounding noise. */
export const nearZero = (x: number) => Math.abs(x) < NOISE;

/** `+x`, `−x` (a minus sign), or `0` for a value within rounding noise of zero. */
export function signed(x: number, text: (v: number) => string): string {
  if (nearZero(x)) return text(0);
  return x > 0 ? `+${text(x)}` : `−${text(-x)}`;
}

/**
 * A rate as percentage points to one decimal (`15.4`); a difference too small for that shows
 * two significant digits (`0.038`), so that it never reads as zero.
 */
export function points(x: number): string {
  const v = x * 100;
  const fixed = v.toFixed(1);
  if (Number(fixed) !== 0 || nearZero(x)) return fixed;
  const digits = 1 - Math.floor(Math.log10(Math.abs(v)));
  return v.toFixed(digits).replace(/0+$/, '');
}

/** `15.4 pp` */
export const pp = (x: number) => `${points(x)} pp`;

/** `−21.1 pp [−34.2, −7.9]` for a rate, `+76 [+52, +100]` for a total. */
export function differenceText(m: MetricComparison): string {
  const d = m.difference;
  if (isTotal(m)) return `${signed(d.value, num)} [${signed(d.low, num)}, ${signed(d.high, num)}]`;
  return `${signed(d.value, pp)} [${signed(d.low, points)}, ${signed(d.high, points)}]`;
}

/**
 * `15.8 pp`, `6` for cost; `none (n = 2)` when the cases are too few for any difference to be
 * significant; a dash when there is nothing to measure.
 */
export function mddText(m: MetricComparison): string {
  if (m.mdd !== null) return isTotal(m) ? num(m.mdd) : pp(m.mdd);
  return m.detection === 'too_few' ? `none (n = ${m.measured})` : '—';
}

/** `0.0078`, `< 0.0001`, `1`. */
export function pText(p: number): string {
  if (p >= 0.9999) return '1';
  if (p < 0.0001) return '< 0.0001';
  return p < 0.001 ? p.toPrecision(2) : String(Number(p.toFixed(4)));
}

/** The verdict in words, from the candidate's point of view. */
export function verdictText(m: MetricComparison): string {
  if (m.verdict === 'better') return 'better';
  if (m.verdict === 'worse') return 'worse';
  return m.mcnemar.worse + m.mcnemar.better === 0 ? 'same' : 'not significant';
}

/** One line summing up the case changes. */
export function changeTally(s: CompareReport['summary']): string {
  const parts = [
    `${s.broke} broke`,
    `${s.fixed} fixed`,
    `${s.changed} changed`,
    `${s.same} same`,
    `${s.errored} errored`,
  ];
  if (s.added > 0) parts.push(`${s.added} only in the candidate`);
  if (s.removed > 0) parts.push(`${s.removed} only in the baseline`);
  return parts.join(' · ');
}

/** Cases by kind of change, in report order. */
export function casesOf(report: CompareReport, kind: CaseChange['change']): CaseChange[] {
  return report.cases.filter((c) => c.change === kind);
}

/** `triage → refunds at step 1, refunds → supervisor at step 1`, or `no handoff`. */
export function handoffsText(side: CaseSide | undefined): string {
  const list = side?.handoffs ?? [];
  if (list.length === 0) return 'no handoff';
  return list.map((h) => `${h.from} → ${h.to} at step ${h.step}`).join(', ');
}

/**
 * `passed 2 of 3 repeats` for a side whose repeats tell something: some passed and some did not
 * (a flaky side), or, for a case whose verdict held, the other side is flaky (both counts side by
 * side). Undefined otherwise: `broke` already says every repeat of the candidate failed, and
 * equal counts (0 of 3 on both sides) say nothing the change does not.
 */
export function repeatsNote(c: CaseChange, side: 'baseline' | 'candidate'): string | undefined {
  const own = c[side];
  if (own === undefined || own.repeats <= 1) return undefined;
  const other = c[side === 'baseline' ? 'candidate' : 'baseline'];
  const mixed = (s: CaseSide | undefined) =>
    s !== undefined && s.passedRepeats > 0 && s.passedRepeats < s.repeats;
  const held = c.change === 'changed' || c.change === 'same';
  if (!mixed(own) && !(held && mixed(other))) return undefined;
  return `passed ${own.passedRepeats} of ${own.repeats} repeat${own.repeats === 1 ? '' : 's'}`;
}
