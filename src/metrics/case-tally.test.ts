import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FindingCode } from '../model/finding.ts';
import type { CodeTally } from '../model/report.ts';
import type { CaseRun } from './case-run.ts';
import { caseRun } from './case-run-arbitrary.ts';
import { caseTally } from './case-tally.ts';

/** The tally as its definition reads: counts, then the runs a code is in, then opportunities. */
function reference(runs: readonly CaseRun[]): Partial<Record<FindingCode, CodeTally>> {
  const tally: Partial<Record<FindingCode, { count: number; of: number; runs: number }>> = {};
  const entry = (code: FindingCode) => {
    tally[code] ??= { count: 0, of: 0, runs: 0 };
    return tally[code];
  };
  for (const run of runs) {
    for (const f of run.findings) entry(f.code).count += 1;
    for (const code of new Set(run.findings.map((f) => f.code))) entry(code).runs += 1;
    for (const [code, n] of Object.entries(run.opportunities))
      if ((n ?? 0) > 0) entry(code as FindingCode).of += n ?? 0;
  }
  return tally;
}

describe('caseTally', () => {
  it('sums findings, the runs each code is in, and opportunities, codes in order found', () => {
    fc.assert(
      fc.property(fc.array(caseRun, { maxLength: 4 }), (runs) => {
        // Compared as JSON text: the order of the codes is part of what a report writes.
        expect(JSON.stringify(caseTally(runs))).toBe(JSON.stringify(reference(runs)));
      }),
    );
  });
});
