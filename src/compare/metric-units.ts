import type { CompareMetric } from '../model/compare-config.ts';
import { FINDING_CODES, type FindingCode } from '../model/finding.ts';
import type { CodeTally } from '../model/report.ts';
import type { ComparedCase } from './compared-case.ts';
import type { CasePair } from './pair-cases.ts';
import { type PairedMetric, setSide, sideColumns, type UnitSide } from './stats/paired-metric.ts';

/** Codes whose findings are good news: more of them is better. */
const GOOD_CODES: ReadonlySet<FindingCode> = new Set(['handoff.on_time']);

export function higherIsBetter(metric: CompareMetric): boolean {
  return metric === 'pass_rate' || GOOD_CODES.has(metric as FindingCode);
}

/** A case's tally; a report written without one falls back to its shown findings, one per case. */
function tallyOf(c: ComparedCase, code: FindingCode): CodeTally {
  const t = c.tally?.[code];
  if (t) return t;
  if (c.tally) return { count: 0, of: 0, runs: 0 };
  const count = c.findings.filter((f) => f.code === code).length;
  return { count: Math.min(count, 1), of: 1, runs: count > 0 ? 1 : 0 };
}

/** Repeats of a case that produced a verdict. */
function judgedRuns(c: ComparedCase): number {
  return Math.max(0, c.repeats - (c.tally?.['case.error']?.count ?? 0));
}

function unit(c: ComparedCase, metric: CompareMetric): UnitSide {
  const runs = judgedRuns(c);
  if (metric === 'pass_rate')
    return { num: c.passedRepeats, den: runs, runs, bad: c.status === 'fail' };
  if (metric === 'cost') return { num: c.cost, den: 1, runs, bad: false };
  const t = tallyOf(c, metric);
  const of = Math.max(t.of, t.count);
  const bad = GOOD_CODES.has(metric) ? t.count < of : t.runs > 0;
  return { num: t.count, den: of, runs, bad };
}

/** The metrics worth comparing: pass rate, every code either side found, and cost. */
export function metricsOf(pairs: readonly CasePair[]): CompareMetric[] {
  const found = FINDING_CODES.filter(
    (code) =>
      code !== 'case.error' &&
      pairs.some((p) => tallyOf(p.a, code).count > 0 || tallyOf(p.b, code).count > 0),
  );
  return ['pass_rate', ...found, 'cost'];
}

/** One metric over the judged pairs, ready for the paired statistics. */
export function pairedMetric(pairs: readonly CasePair[], metric: CompareMetric): PairedMetric {
  const a = sideColumns(pairs.length);
  const b = sideColumns(pairs.length);
  for (const [i, p] of pairs.entries()) {
    setSide(a, i, unit(p.a, metric));
    setSide(b, i, unit(p.b, metric));
  }
  return {
    kind: metric === 'cost' ? 'total' : 'ratio',
    higherIsBetter: higherIsBetter(metric),
    a,
    b,
  };
}
