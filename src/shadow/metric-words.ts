import prettyMs from 'pretty-ms';
import type { ProductionMetrics, QueueWait } from '../model/production-metrics.ts';
import type { Rate } from '../model/report.ts';
import { fraction, interval, num, percent } from '../report/format.ts';

/** Conversations named after a rate in a terminal; the JSON holds more (`seenIn`). */
export const NAMED = 3;

/** `4.8% (1/21) [0.8%, 22.7%]` */
export function rate(r: Rate): string {
  return `${percent(r.rate)} (${fraction(r)}) ${interval(r)}`;
}

/** A rate and, when it is not 0, the first conversations behind it: `…: sess-1, sess-2, …`. */
export function rateIn(r: Rate, ids: readonly string[]): string {
  return `${rate(r)}${r.count > 0 ? conversationsText(ids) : ''}`;
}

/** `: sess-1, sess-2, sess-3, …` after a count; nothing when no conversation is named. */
export function conversationsText(ids: readonly string[]): string {
  if (ids.length === 0) return '';
  return `: ${ids.slice(0, NAMED).join(', ')}${ids.length > NAMED ? ', …' : ''}`;
}

/**
 * The re-ask rate, or why it measured nothing: with no handoff carrying a fact and no question
 * naming one, nothing could be asked again, and 0% would read as "nobody re-asked".
 */
export function reaskText(m: ProductionMetrics): string {
  if (m.handoffs > 0 && m.reaskable === 0)
    return 'not measured (no handoff payload held a fact, and no question named one)';
  return rateIn(m.reask, m.seenIn.reask);
}

/**
 * A wait as a person reads it, as Baton's findings word one (pretty-ms): `12.4s`, `30m 31.8s`,
 * `1d 1h`; under a second to three digits, `2.2ms` (in-process agents answer in a few).
 */
export function waitTime(ms: number): string {
  return ms < 1000 ? `${num(Math.max(0, ms))}ms` : prettyMs(ms, { unitCount: 2 });
}

/** `p50 / p95 (n answered, m never answered)`, or that nobody answered, in words. */
export function waitSummary(w: QueueWait): string {
  const never = w.unanswered > 0 ? `, ${w.unanswered} never answered` : '';
  if (w.count === 0)
    return `never answered (${w.unanswered} handoff${w.unanswered === 1 ? '' : 's'})`;
  return `${waitTime(w.p50Ms)} / ${waitTime(w.p95Ms)} (${w.count} answered${never})`;
}
