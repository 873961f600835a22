import type { ProductionMetrics, QueueWait } from '../model/production-metrics.ts';
import { num, textTable } from '../report/format.ts';
import { conversationsText, rateIn, reaskText, waitTime } from './metric-words.ts';
import { type SkippedTraces, skippedTracesLine } from './skipped-traces.ts';

/** What the stats table says beside the metrics: conversations cut short, traces skipped. */
export interface StatsNotes {
  readonly cut: number;
  readonly skipped?: SkippedTraces;
}

/** `baton traces stats` in a terminal: the production metrics of trace files; pure. */
export function renderStats(
  m: ProductionMetrics,
  files: readonly string[],
  notes: StatsNotes,
): string {
  const unknown = m.handoffs > 0 && !knowsPersons(m) ? ' (no person known, see below)' : '';
  const undecided = m.undecidedEscalations;
  const rows = [
    ['ping-pong rate (conversations)', rateIn(m.pingPong, m.seenIn.pingPong)],
    ['re-ask rate (handoffs)', reaskText(m)],
    [
      'person override rate (decided escalations)',
      `${rateIn(m.override, m.seenIn.override)}${unknown}`,
    ],
    [
      'escalations left undecided',
      `${undecided}${undecided > 0 ? conversationsText(m.seenIn.undecided) : ''}${unknown}`,
    ],
    [
      'hops per conversation',
      `mean ${num(m.hops.mean)}, p50 ${m.hops.p50}, p95 ${m.hops.p95}, max ${m.hops.max}`,
    ],
  ];
  const waits = Object.entries(m.waits).map(([queue, w]) => [
    `${queue}${w.person ? ' (person)' : ''}`,
    ...waitCells(w),
    String(w.count),
    String(w.unanswered),
  ]);
  const skipped = notes.skipped ? skippedTracesLine(notes.skipped) : '';
  const out = [
    `Production metrics of ${files.join(', ')}: ${count(m.conversations, 'conversation')}, ${count(m.handoffs, 'handoff')}${notes.cut > 0 ? ` (${notes.cut} cut short by a memory bound)` : ''}`,
    ...(skipped ? [skipped] : []),
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

function count(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? '' : 's'}`;
}

/** p50, p95, max; a queue that answered none has no wait to show, and says so. */
function waitCells(w: QueueWait): string[] {
  if (w.count === 0) return ['none answered', '—', '—'];
  return [waitTime(w.p50Ms), waitTime(w.p95Ms), waitTime(w.maxMs)];
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
