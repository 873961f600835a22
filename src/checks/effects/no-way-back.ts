import type { FindingData } from '../../model/finding.ts';
import type { Labels } from '../../model/labelled-case.ts';
import type { Timeline, TimelineEvent } from '../../model/timeline.ts';
import { defineCheck } from '../check.ts';
import { mayFollow } from '../instants.ts';
import { ownershipTimeline, tenureAt } from '../ownership-timeline.ts';
import { agentsIn } from './activity.ts';

interface PersonDecision {
  readonly person: string;
  readonly decision?: string;
  readonly event: TimelineEvent;
}

/**
 * The decisions a person made while holding the work: a decision event by the current owner, or
 * a person step of the case by the current owner (the step names its person; a step that does
 * not is taken as the owner's when the owner is one of the case's people, or, without those, a
 * name never seen in an agent turn). One per step; a decision event wins over the step that
 * carried it.
 */
function decisionsOf(timeline: Timeline, labels: Labels): PersonDecision[] {
  // Most cases have no person in them: skip the ownership walk for those.
  const hasPerson = timeline.events.some(
    (e) => e.kind === 'decision' || (e.kind === 'step' && e.stepKind === 'person'),
  );
  if (!hasPerson) return [];
  const tenures = ownershipTimeline(timeline);
  const agents = agentsIn(timeline);
  const persons = labels.persons;
  const isPerson = (name: string) => (persons ? persons.includes(name) : !agents.has(name));
  const byStep = new Map<number, PersonDecision>();
  for (const e of timeline.events) {
    const owner = tenureAt(tenures, e.at)?.owner;
    if (owner === undefined) continue;
    if (e.kind === 'decision' && e.person === owner) {
      byStep.set(e.step, { person: e.person, decision: e.decision, event: e });
    } else if (e.kind === 'step' && e.stepKind === 'person') {
      // Someone else's decision (the work is with an agent, or another person) is only news.
      const decided = e.who === undefined ? isPerson(owner) : e.who === owner;
      if (decided && !byStep.has(e.step))
        byStep.set(e.step, {
          person: owner,
          ...(e.decision !== undefined && { decision: e.decision }),
          event: e,
        });
    }
  }
  return [...byStep.values()];
}

/** A handoff or a return, a granted claim or a committed effect: the work went somewhere. */
function movesOn(e: TimelineEvent): boolean {
  return (
    e.kind === 'handoff' ||
    e.kind === 'return' ||
    (e.kind === 'claim' && e.granted) ||
    (e.kind === 'effect' && e.outcome === 'committed')
  );
}

/**
 * A decision that says no (`deny`, `reject`, `cancel`, `not approved`, `don't refund`, `hold`…):
 * the work may end with it (or wait), so nothing needs to follow. One that says yes, or anything
 * else, is work someone must carry on with. A negation turns a yes into a no and a no into a yes
 * (`not denied`).
 */
export function declines(decision: string | undefined): boolean {
  if (decision === undefined) return false;
  const words = decision
    .trim()
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^a-z]+/g, ' ')
    .trim();
  const negated = NEGATION.exec(words);
  if (negated) return !DECLINING.test(words.slice(negated[0].length));
  return DECLINING.test(words);
}

const DECLINING =
  /^(deny|denied|reject|rejected|decline|declined|refuse|refused|no|nope|cancel|cancelled|canceled|drop|dropped|close|closed|abort|aborted|stop|stopped|veto|vetoed|hold|on hold|held|wait|defer|deferred|postpone|postponed|pause|paused)( .*)?$/;

/** A leading "not", "don't", "never"…, with an "I" or "we" before it. */
const NEGATION =
  /^(?:(?:i|we) )?(?:not|never|dont|do not|does not|doesnt|wont|will not|cannot|cant|can not|shouldnt|should not|must not|mustnt)(?: |$)/;

/**
 * ownership.no_way_back: a person decided on work they held, and afterwards the work never moved
 * on — no handoff or return (from the person or anyone), no granted claim, no committed effect. A
 * handoff from that person in the same step counts even when its span started before the
 * decision's, and so does anything the spans cannot tell came before it (a whole-millisecond
 * start in the decision's millisecond: see instants.ts). A decision that declines (see `declines`) may end the work: it needs no way back.
 */
export const noWayBack = defineCheck<Record<string, never>>({
  name: 'no-way-back',
  opportunities: (timeline, labels) => ({
    'ownership.no_way_back': decisionsOf(timeline, labels).filter((d) => !declines(d.decision))
      .length,
  }),
  run(timeline, labels) {
    const findings: FindingData[] = [];
    for (const d of decisionsOf(timeline, labels)) {
      if (declines(d.decision)) continue;
      const moved = timeline.events.some(
        (e) =>
          (e !== d.event && movesOn(e) && mayFollow(e, d.event)) ||
          (e.kind === 'handoff' && e.from === d.person && e.step >= d.event.step),
      );
      if (moved) continue;
      findings.push({
        check: 'no-way-back',
        code: 'ownership.no_way_back',
        outcome: 'fail',
        step: d.event.step,
        expected: { person: d.person },
        observed: { person: d.person, ...(d.decision !== undefined && { decision: d.decision }) },
        spanIds: [d.event.spanId],
      });
    }
    return findings;
  },
});
