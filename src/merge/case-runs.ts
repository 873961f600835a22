import type { CaseRun } from '../metrics/case-run.ts';
import type { Finding, FindingCode } from '../model/finding.ts';
import type { ObservedHandoff, RunMeasure } from '../model/report.ts';

// Metrics read a finding's code and outcome, and a run's handoffs only by their number: the
// rest of these stand-ins is empty on purpose.
const HANDOFF: ObservedHandoff = { from: '', to: '', step: 0, spanId: '' };

function finding(code: FindingCode, outcome: 'pass' | 'fail'): Finding {
  return { check: '', code, outcome, spanIds: [], message: '' };
}

/**
 * A run as metrics, recognition counts and warnings see it, rebuilt from report.json: the
 * same inputs give the same numbers, so a merged report computes them as one run would.
 */
export function caseRunOf(m: RunMeasure): CaseRun {
  const findings = m.failed.map((code) => finding(code, 'fail'));
  for (const [code, n] of Object.entries(m.passed) as [FindingCode, number][])
    for (let i = 0; i < n; i++) findings.push(finding(code, 'pass'));
  return {
    status: m.status,
    findings,
    handoffs: Array.from({ length: m.hops }, () => HANDOFF),
    opportunities: { ...m.opportunities },
    targets: m.targets,
    durationMs: 0,
    ...(m.recognition && { recognition: m.recognition }),
    ...(m.notes && { notes: m.notes }),
  };
}
