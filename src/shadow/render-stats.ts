import type { ProductionMetrics } from '../model/production-metrics.ts';
import { num, textTable } from '../report/format.ts';
import { rate } from './shadow-rows.ts';

/** `baton traces stats` in a terminal: the production metrics of trace files; pure. */
export function renderStats(m: ProductionMetrics, files: readonly string[], cut: number): string {
  const unknown = m.handoffs > 0 && !knowsPersons(m) ? ' (no person known, see below)' : '';
  const rows = [
    ['ping-pong rate (conversations)', rate(m.pingPong)],
    ['re-ask rate (handoffs)', rate(m.reask)],
    ['person override rate (decided escalations)', `${rate(m.override)}${unknown}`],
    ['escalations left undecided', `${m.undecidedEscalations}${unknown}`],
    [
      'hops per conversation',
      `mean ${num(m.hops.mean)}, p50 ${m.hops.p50}, p95 ${m.hops.p95}, max ${m.hops.max}`,
    ],
  ];
  const waits = Object.entries(m.waits).map(([queue, w]) => [
    `${queue}${w.person ? ' (person)' : ''}`,
    `${num(w.p50Ms)} ms`,
    `${num(w.p95Ms)} ms`,
    `${num(w.maxMs)} ms`,
    String(w.count),
    String(w.unanswered),
  ]);
  const out = [
    `Production metrics of ${files.join(', ')}: ${m.conversations} conversations, ${m.handoffs} handoffs${cut > 0 ? ` (${cut} cut short by a memory bound)` : ''}`,
    '',
    ...textTable(rows).map((l) => `  ${l}`),
    '',
    'Wait from a handoff to the receiver’s first action',
    ...textTable(
      [['receiver', 'p50', 'p95', 'max', 'answered', 'never answered'], ...waits],
      ['left', 'right', 'right', 'right', 'right', 'right'],
    ).map((l) => `  ${l}`),
    ...(unknown ? ['', NO_PERSONS] : []),
  ];
  return `${out.join('\n')}\n`;
}

/**
 * Said when no receiver counted as a person: the escalation figures then read 0 whatever went to
 * people, and 0 must not pass for "no escalation was left undecided".
 */
export const NO_PERSONS =
  'No receiver is known to be a person, so the escalation figures (override rate, escalations left undecided) count none: name the people with --persons <names> or the suite’s shadow.persons, or mark handoffs to them with baton.handoff.target_kind=person.';

/** True when some receiver of a handoff counted as a person. */
export function knowsPersons(m: ProductionMetrics): boolean {
  return Object.values(m.waits).some((w) => w.person);
}
