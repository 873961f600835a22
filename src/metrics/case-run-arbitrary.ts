import fc from 'fast-check';
import { FINDING_CODES, type FindingCode } from '../model/finding.ts';
import type { CaseRun } from './case-run.ts';

// Finding codes for generated runs: a few handoff codes and case.error.
const code = fc.constantFrom(...FINDING_CODES.slice(0, 8), 'case.error' as FindingCode);
/** A case run as metrics read it: findings, handoffs, opportunities and routing targets. */
export const caseRun: fc.Arbitrary<CaseRun> = fc
  .record({
    status: fc.constantFrom('pass', 'fail', 'error'),
    findings: fc.array(fc.record({ code, outcome: fc.constantFrom('pass', 'fail', 'error') }), {
      maxLength: 6,
    }),
    hops: fc.nat(3),
    // Plain objects, as Baton builds them (fast-check also makes null-prototype ones).
    opportunities: fc.dictionary(code, fc.nat(2), { maxKeys: 5, noNullPrototype: true }),
    targets: fc.array(
      fc.record(
        {
          expected: fc.constantFrom('a', 'none'),
          observed: fc.constantFrom('a', 'b', 'none'),
        },
        { noNullPrototype: true },
      ),
      { maxLength: 2 },
    ),
  })
  .map((r) => ({
    status: r.status,
    findings: r.findings.map((f) => ({ ...f, check: 'c', spanIds: ['s'], message: 'm', step: 1 })),
    handoffs: Array.from({ length: r.hops }, (_, i) => ({
      from: 'a',
      to: 'b',
      step: i,
      spanId: 'x',
    })),
    opportunities: r.opportunities,
    targets: r.targets,
    durationMs: 3,
  }));
