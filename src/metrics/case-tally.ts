import type { FindingCode } from '../model/finding.ts';
import type { CodeTally } from '../model/report.ts';
import type { CaseRun } from './case-run.ts';

/**
 * One case's findings and opportunities by code, summed over its repeats, with the number of
 * repeats each code appeared in: what clustered intervals and `compare` need from a case.
 */
export function caseTally(runs: readonly CaseRun[]): Partial<Record<FindingCode, CodeTally>> {
  const tally: Counting = {};
  // Plain loops and no closure: this runs for every case.
  for (const run of runs) {
    const findings = run.findings;
    const many = findings.length > 16 ? new Set<FindingCode>() : undefined;
    for (let i = 0; i < findings.length; i++) {
      const code = (findings[i] as CaseRun['findings'][number]).code;
      const e = entryOf(tally, code);
      e.count += 1;
      // A code counts once a run: at its first finding in the run.
      if (many ? !many.has(code) : !foundBefore(findings, i, code)) {
        e.runs += 1;
        many?.add(code);
      }
    }
    for (const code in run.opportunities) {
      const n = run.opportunities[code as FindingCode] ?? 0;
      if (n > 0) entryOf(tally, code as FindingCode).of += n;
    }
  }
  return tally;
}

type Counting = Partial<Record<FindingCode, { count: number; of: number; runs: number }>>;

/** The code's entry in `tally`, made on first use (a module function: no closure a case). */
function entryOf(tally: Counting, code: FindingCode): { count: number; of: number; runs: number } {
  let e = tally[code];
  if (!e) {
    e = { count: 0, of: 0, runs: 0 };
    tally[code] = e;
  }
  return e;
}

/** True when a finding before `i` has `code`: most runs have a few findings, and no Set. */
function foundBefore(findings: CaseRun['findings'], i: number, code: FindingCode): boolean {
  for (let j = 0; j < i; j++)
    if ((findings[j] as CaseRun['findings'][number]).code === code) return true;
  return false;
}
