import type { ProductionMetrics } from '../model/production-metrics.ts';
import { num, textTable } from '../report/format.ts';
import { rate } from './shadow-rows.ts';

/** `baton traces stats` in a terminal: the production metrics of trace files; pure. */
export function renderStats(m: ProductionMetrics, files: readonly string[], cut: number): string {
  const rows = [
    ['ping-pong rate (conversations)', rate(m.pingPong)],
    ['re-ask rate (handoffs)', rate(m.reask)],
    ['person override rate (decided escalations)', rate(m.override)],
    ['escalations left undecided', String(m.undecidedEscalations)],
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
      [['receiver', 'p50', 'p95', 'max', 'handoffs', 'never answered'], ...waits],
      ['left', 'right', 'right', 'right', 'right', 'right'],
    ).map((l) => `  ${l}`),
  ];
  return `${out.join('\n')}\n`;
}
