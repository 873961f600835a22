import type { FindingCode } from '../model/finding.ts';
import type { CodeTally } from '../model/report.ts';
import type { CaseRun } from './case-run.ts';

/**
 * One case's findings and opportunities by code, summed over its repeats, with the number of
 * repeats each code appeared in: what clustered intervals and `compare` need from a case.
 */
export function caseTally(runs: readonly CaseRun[]): Partial<Record<FindingCode, CodeTally>> {
  const tally: Partial<Record<FindingCode, { count: number; of: number; runs: number }>> = {};
  const entry = (code: FindingCode) => {
    let e = tally[code];
    if (!e) tally[code] = e = { count: 0, of: 0, runs: 0 };
    return e;
  };
  for (const run of runs) {
    const seen = new Set<FindingCode>();
    for (const f of run.findings) {
      entry(f.code).count += 1;
      seen.add(f.code);
    }
    for (const code of seen) entry(code).runs += 1;
    for (const code in run.opportunities) {
      const n = run.opportunities[code as FindingCode] ?? 0;
      if (n > 0) entry(code as FindingCode).of += n;
    }
  }
  return tally;
}
