import type { Finding } from '../model/finding.ts';
import type { CaseResult, ObservedHandoff, RunReport } from '../model/report.ts';
import { SharedValues } from '../shared-values.ts';

/** What a comparison reads of a finding. */
export type ComparedFinding = Pick<Finding, 'code' | 'outcome' | 'step' | 'distance' | 'message'>;

/**
 * What a comparison reads of a case: its verdict, repeats, cost, tally, findings and observed
 * handoffs, not its timeline, steps, spans or evidence. A case result is one; `comparedCase`
 * makes the smaller copy a comparison of large reports holds instead of every case whole.
 */
export type ComparedCase = Pick<
  CaseResult,
  'id' | 'title' | 'file' | 'status' | 'repeats' | 'passedRepeats' | 'cost' | 'tally'
> & {
  readonly findings: readonly ComparedFinding[];
  readonly handoffs: readonly Pick<ObservedHandoff, 'from' | 'to' | 'step'>[];
};

/** A run as a comparison reads it: the report, with its cases as `ComparedCase`s. */
export type ComparedRun = Omit<RunReport, 'cases'> & { readonly cases: readonly ComparedCase[] };

/** The parts of `c` a comparison reads, nothing else kept alive. */
export function comparedCase(c: CaseResult): ComparedCase {
  return compared(c, (v) => v);
}

/**
 * `comparedCase` of each case it is given, the parts most cases have alike (tally, findings,
 * handoffs) one copy for all of them: a comparison of two runs of 100,000 cases read from
 * their files would otherwise hold each case's own.
 */
export function comparedCases(): (c: CaseResult) => ComparedCase {
  const shared = new SharedValues();
  return (c) => compared(c, (v) => shared.one(v));
}

function compared(c: CaseResult, one: <T>(v: T) => T): ComparedCase {
  const findings = c.findings.map((f) => ({
    code: f.code,
    outcome: f.outcome,
    ...(f.step !== undefined && { step: f.step }),
    ...(f.distance !== undefined && { distance: f.distance }),
    message: f.message,
  }));
  const handoffs = c.handoffs.map((h) => ({ from: h.from, to: h.to, step: h.step }));
  return {
    id: c.id,
    title: c.title,
    ...(c.file !== undefined && { file: c.file }),
    status: c.status,
    repeats: c.repeats,
    passedRepeats: c.passedRepeats,
    cost: c.cost,
    ...(c.tally !== undefined && { tally: one(c.tally) }),
    findings: one(findings),
    handoffs: one(handoffs),
  };
}
