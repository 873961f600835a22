import type { CompareReport } from '../compare-report.ts';
import { minimumDiscordant } from '../stats/mcnemar.ts';
import { nearZero, pp, pText, signed } from './metric-text.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The verdict of the gates and what broke, which decide the exit code:
 * `2 cases broke, 0 fixed · 2 of 3 gates failed: no new failures, delta(handoff.missed)`.
 */
export function gateVerdict(r: CompareReport): string {
  const s = r.summary;
  const cases = [`${plural(s.broke, 'case', 'cases')} broke`, `${s.fixed} fixed`];
  if (s.errored > 0) cases.push(`${s.errored} errored`);
  const failed = r.gates.filter((g) => !g.passed);
  const total = r.gates.length;
  const gates =
    failed.length > 0
      ? `${failed.length} of ${plural(total, 'gate', 'gates')} failed: ${failed.map((g) => g.name).join(', ')}`
      : total === 1
        ? 'the gate passed'
        : `all ${total} gates passed`;
  return total === 0 ? cases.join(', ') : `${cases.join(', ')} · ${gates}`;
}

/**
 * What the exact McNemar test says of the pass rate, apart from the gates: `pass rate −18.2 pp:
 * not statistically significant at n = 11 (McNemar p = 0.5, α = 0.05)`.
 */
export function passRateFinding(r: CompareReport): string {
  const m = r.metrics.find((x) => x.metric === 'pass_rate');
  const n = m?.measured ?? r.summary.paired;
  if (m === undefined || n === 0) return 'no case was judged on both sides: nothing to compare';
  const { worse, better, p } = m.mcnemar;
  const diff = m.difference.value;
  if (worse + better === 0 && nearZero(diff)) return `pass rate unchanged at n = ${n}`;
  const test = `(McNemar p = ${pText(p)}, α = ${r.settings.alpha})`;
  const rate = `pass rate ${signed(diff, pp)}`;
  if (m.verdict !== 'not_significant')
    return `${rate}: significantly ${m.verdict} at n = ${n} ${test}`;
  const tooFew =
    m.detection === 'too_few'
      ? `; no difference can be significant with fewer than ${minimumDiscordant(r.settings.alpha)} cases`
      : '';
  return `${rate}: not statistically significant at n = ${n} ${test}${tooFew}`;
}
