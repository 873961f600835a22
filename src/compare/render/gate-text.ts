import { num } from '../../report/format.ts';
import type { CompareGateResult } from '../compare-report.ts';
import { pp, pText, signed } from './metric-text.ts';

/** A limit as written, in percentage points (`0.02` → `2`): exact, not rounded like a measurement. */
const exactPoints = (x: number) => String(Number((x * 100).toPrecision(12)));

/**
 * A gate's threshold in the unit of the metrics table: `<= 0 pp` for a difference of rates,
 * `<= +5` for cost, `p < 0.05`, `<= 0` cases. A gate without its limit as data (a compare.json
 * written before it) shows the threshold as it was written.
 */
export function gateThreshold(g: CompareGateResult): string {
  const limit = g.limit;
  if (limit === undefined) return g.threshold;
  if (g.unit === 'rate') return `${limit.op} ${signed(limit.value, exactPoints)} pp`;
  if (g.unit === 'total') return `${limit.op} ${signed(limit.value, String)}`;
  return g.threshold;
}

/** A gate's actual value as the metrics table shows it: `+15.4 pp`, `+76`, `0.0078`, `2`. */
export function gateActual(g: CompareGateResult): string {
  const a = g.actual;
  if (a === null) return 'n/a';
  switch (g.unit) {
    case 'rate':
      return signed(a, pp);
    case 'total':
      return signed(a, num);
    case 'p':
      return pText(a);
    default:
      return String(a);
  }
}
