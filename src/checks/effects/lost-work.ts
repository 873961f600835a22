import type { FindingData } from '../../model/finding.ts';
import type { Labels } from '../../model/labelled-case.ts';
import type { HandoffEvent, Timeline } from '../../model/timeline.ts';
import { defineCheck } from '../check.ts';
import { ownershipTimeline, timelineEnd } from '../ownership-timeline.ts';
import { agentsIn, isActivityOf } from './activity.ts';

/** Judged only where ownership is in play: claims were made, or the labels name the work. */
function worksOf(timeline: Timeline, labels: Labels): string[] {
  // Most cases have neither: no set to build.
  if (!labels.ownership && !timeline.events.some((e) => e.kind === 'claim')) return [];
  const works = new Set<string>();
  if (labels.ownership) works.add(labels.ownership.work);
  for (const e of timeline.events) if (e.kind === 'claim') works.add(e.work);
  return [...works];
}

function handoffsJudged(timeline: Timeline, labels: Labels): HandoffEvent[] {
  if (labels.ownership?.maxWaitMs === undefined) return [];
  return timeline.events.filter((e): e is HandoffEvent => e.kind === 'handoff');
}

/**
 * ownership.lost_work. At the end nobody owns a piece of work: its last owner released it or
 * let its lease lapse, and no handoff or claim followed (a case where nobody ever owned it is not
 * judged). With `ownership.max_wait_ms`, also: a receiver whose first activity after a handoff to
 * it (or the end, when it never acts) came later than that. Only cases with claims or an
 * ownership label are judged.
 */
export const lostWork = defineCheck<Record<string, never>>({
  name: 'lost-work',
  opportunities: (timeline, labels) => ({
    'ownership.lost_work':
      worksOf(timeline, labels).length + handoffsJudged(timeline, labels).length,
  }),
  run(timeline, labels) {
    const works = worksOf(timeline, labels);
    if (works.length === 0) return [];
    const findings: FindingData[] = [];
    for (const work of works) {
      const last = ownershipTimeline(timeline, work).at(-1);
      if (!last || last.owner !== undefined) continue;
      const reason = last.cause === 'expiry' ? 'expired' : 'released';
      findings.push({
        check: 'lost-work',
        code: 'ownership.lost_work',
        outcome: 'fail',
        step: last.step,
        expected: { work },
        observed: { work, reason, ...(last.from !== undefined && { agent: last.from }) },
        spanIds: last.spanId === undefined ? [] : [last.spanId],
      });
    }
    const maxWaitMs = labels.ownership?.maxWaitMs;
    if (maxWaitMs === undefined) return findings;
    const work = labels.ownership?.work as string;
    const agents = agentsIn(timeline);
    const end = timelineEnd(timeline);
    for (const h of handoffsJudged(timeline, labels)) {
      const next = timeline.events.find(
        (e) => e !== h && e.at >= h.at && isActivityOf(e, h.to, !agents.has(h.to)),
      );
      const waitedMs = (next?.at ?? end) - h.at;
      if (waitedMs <= maxWaitMs) continue;
      findings.push({
        check: 'lost-work',
        code: 'ownership.lost_work',
        outcome: 'fail',
        step: h.step,
        expected: { work, maxWaitMs },
        observed: {
          work,
          reason: next ? 'slow' : 'unanswered',
          agent: h.to,
          from: h.from,
          waitedMs,
        },
        spanIds: next ? [h.spanId, next.spanId] : [h.spanId],
      });
    }
    return findings;
  },
});
