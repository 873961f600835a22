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
    for (const f of run.findings) entry(f.code).count += 1;
    for (const code of codesOf(run.findings)) entry(code).runs += 1;
    for (const code in run.opportunities) {
      const n = run.opportunities[code as FindingCode] ?? 0;
      if (n > 0) entry(code as FindingCode).of += n;
    }
  }
  return tally;
}

/** The distinct codes of `findings`, in the order found: most runs have a few, and no Set. */
function codesOf(findings: CaseRun['findings']): Iterable<FindingCode> {
  if (findings.length > 16) return new Set(findings.map((f) => f.code));
  const codes: FindingCode[] = [];
  for (const f of findings) if (!codes.includes(f.code)) codes.push(f.code);
  return codes;
}
