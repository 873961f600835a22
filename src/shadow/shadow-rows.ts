import type { ProductionMetrics } from '../model/production-metrics.ts';
import type { ConfusionMatrix, Rate } from '../model/report.ts';
import { fraction, interval, num, percent } from '../report/format.ts';
import { describeDifference } from './draft-case.ts';
import type { ShadowReport } from './shadow-report.ts';

/** Rows shared by the console and Markdown renderers of a shadow report. */
export function rate(r: Rate): string {
  return `${percent(r.rate)} (${fraction(r)}) ${interval(r)}`;
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
    ['ping-pong rate (conversations)', rate(live.pingPong), rate(candidate.pingPong)],
    ['re-ask rate (handoffs)', rate(live.reask), rate(candidate.reask)],
    ['person override rate', rate(live.override), rate(candidate.override)],
    [
      'escalations left undecided',
      String(live.undecidedEscalations),
      String(candidate.undecidedEscalations),
    ],
    ['hops per conversation', hops(live), hops(candidate)],
  ];
  for (const queue of Object.keys(live.waits)) {
    const w = live.waits[queue];
    if (!w) continue;
    const kind = w.person ? 'person' : 'agent';
    rows.push([
      `wait at ${queue} (${kind}) p50 / p95`,
      `${num(w.p50Ms)} / ${num(w.p95Ms)} ms (${w.count} answered${w.unanswered > 0 ? `, ${w.unanswered} never answered` : ''})`,
      '—',
    ]);
  }
  return rows;
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

export function effectsLine(r: ShadowReport): string {
  const effects = Object.entries(r.effects.byEffect).map(
    ([name, outcomes]) =>
      `${name} ${Object.entries(outcomes)
        .map(([o, n]) => `${n} ${o}`)
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
