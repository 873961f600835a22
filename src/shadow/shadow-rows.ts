import type { ProductionMetrics } from '../model/production-metrics.ts';
import type { ConfusionMatrix } from '../model/report.ts';
import { num } from '../report/format.ts';
import { describeDifference } from './draft-case.ts';
import { conversationsText, rateIn, reaskText, waitSummary } from './metric-words.ts';
import type { ShadowReport } from './shadow-report.ts';

/** Rows shared by the console and Markdown renderers of a shadow report. */
export { rate } from './metric-words.ts';

/**
 * Who the candidate was given the first step as: the suite's `shadow.entry`, or the agents read
 * from the traces, said as an assumption with the way to settle it.
 */
export function entryLine(r: ShadowReport): string {
  const e = r.entry;
  if (e.set !== undefined) return `${e.set} (shadow.entry)`;
  const read = Object.entries(e.assumed).map(([agent, n]) => `${agent} (${n})`);
  if (read.length === 0) return 'not set (shadow.entry); none read yet';
  const over =
    e.passedOver.length > 0
      ? `; passed over ${e.passedOver.join(', ')}: ${e.passedOver.length === 1 ? 'its turns only wrap' : 'their turns only wrap'} other agents’`
      : '';
  return `assumed from the traces: the first agent to act, ${read.join(', ')}${over}. Set shadow.entry if that is not who receives a customer’s first message`;
}

export function trafficLine(r: ShadowReport): string {
  const t = r.traffic;
  return [
    `${t.finished} conversations finished`,
    `${t.compared} compared`,
    `${t.dropped} dropped`,
    `${t.cut} cut`,
    `${t.unreplayable} unreplayable`,
    `${t.errored} errored`,
    `${t.pending} pending`,
    `${t.spans} spans`,
    ...(t.lateSpans > 0 ? [`${t.lateSpans} late spans`] : []),
  ].join(' · ');
}

export function confusionRows(m: ConfusionMatrix): string[][] {
  const header = ['live ↓ candidate →', ...m.labels];
  const rows = m.labels
    .filter((row) => m.counts[row])
    .map((row) => [row, ...m.labels.map((col) => String(m.counts[row]?.[col] ?? '·'))]);
  return [header, ...rows];
}

export function metricRows(live: ProductionMetrics, candidate: ProductionMetrics): string[][] {
  const hops = (m: ProductionMetrics) =>
    `mean ${num(m.hops.mean)}, p50 ${m.hops.p50}, p95 ${m.hops.p95}, max ${m.hops.max}`;
  const rows = [
    ['metric', 'live', 'candidate'],
    [
      'ping-pong rate (conversations)',
      rateIn(live.pingPong, live.seenIn.pingPong),
      rateIn(candidate.pingPong, candidate.seenIn.pingPong),
    ],
    ['re-ask rate (handoffs)', reaskText(live), reaskText(candidate)],
    [
      'person override rate',
      rateIn(live.override, live.seenIn.override),
      rateIn(candidate.override, candidate.seenIn.override),
    ],
    ['escalations left undecided', undecided(live), undecided(candidate)],
    ['hops per conversation', hops(live), hops(candidate)],
  ];
  for (const queue of Object.keys(live.waits)) {
    const w = live.waits[queue];
    if (!w) continue;
    const kind = w.person ? 'person' : 'agent';
    rows.push([`wait at ${queue} (${kind}) p50 / p95`, waitSummary(w), '—']);
  }
  return rows;
}

function undecided(m: ProductionMetrics): string {
  const n = m.undecidedEscalations;
  return `${n}${n > 0 ? conversationsText(m.seenIn.undecided) : ''}`;
}

export function timingLine(r: ShadowReport): string {
  const spread = Object.entries(r.timing.byDistance)
    .map(([d, n]) => `${d} step${Math.abs(Number(d)) === 1 ? '' : 's'}: ${n}`)
    .join(', ');
  return `${r.timing.later} later, ${r.timing.earlier} earlier${spread ? ` (${spread})` : ''}`;
}

export function escalationLine(r: ShadowReport): string {
  const e = r.escalations;
  const where =
    e.missedIn.length > 0
      ? ` (${e.missedIn.slice(0, 5).join(', ')}${e.missedIn.length > 5 ? ', …' : ''})`
      : '';
  return `${e.missed} missed by the candidate${where} · ${e.extra} extra`;
}

/**
 * Nothing the candidate does leaves Baton: an effect its own spans call committed (`emitEffect`,
 * a tool effect) was only reported by it, and says so.
 */
const OUTCOME_WORDS: Readonly<Record<string, string>> = {
  committed: 'reported by its spans (none left Baton)',
};

export function effectsLine(r: ShadowReport): string {
  const effects = Object.entries(r.effects.byEffect).map(
    ([name, outcomes]) =>
      `${name} ${Object.entries(outcomes)
        .map(([o, n]) => `${n} ${OUTCOME_WORDS[o] ?? o}`)
        .join(', ')}`,
  );
  const hosts = Object.entries(r.effects.refusedHosts).map(([h, n]) => `${h} refused ${n}×`);
  return [...effects, ...hosts].join(' · ') || 'none';
}

export function disagreementRows(r: ShadowReport): string[][] {
  return r.disagreements.listed.map((d) => [
    d.conversation,
    d.differences
      .filter((x) => x.kind !== 'reason')
      .map(describeDifference)
      .join('; '),
    d.draft ?? '',
  ]);
}
