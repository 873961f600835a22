import type { Finding } from '../model/finding.ts';
import type { CaseNote } from '../model/report.ts';
import type { Matching } from './match-handoffs.ts';

/**
 * A note for a case whose labelled reasons the opt-in reason check could not judge: a handoff
 * paired with a label that names a reason states none itself, and `require` is off (it would
 * have been a `wrong_reason`). Without it the check reads "1 of 1 opportunity" and passes, and
 * nobody learns that the handoffs give no reason at all. One wording for every case, so a run
 * shows one warning.
 */
export function unstatedReasons(matching: Matching, findings: readonly Finding[]): CaseNote[] {
  const judged = new Set<string>();
  for (const f of findings)
    if (f.code === 'handoff.wrong_reason') for (const s of f.spanIds) judged.add(s);
  const unstated = matching.matches.some(
    (m) =>
      m.verdict !== 'missed' &&
      m.verdict !== 'wrong_target' &&
      m.expected.reason !== undefined &&
      m.observed.reason === undefined &&
      !judged.has(m.observed.spanId),
  );
  if (!unstated) return [];
  return [
    {
      code: 'reason.unstated',
      message:
        'checks.reason is on, but a handoff whose label names a reason states none, so that reason is not judged',
      fix: 'state it on the handoff (baton.handoff.reason, or a reason field in its payload), or set checks: { reason: { require: true } } to fail handoffs that state none',
    },
  ];
}
