import { ATTR, EVENT, GENAI } from '../conventions/attributes.ts';
import { MODEL_TRAFFIC_ATTR, VIA_MODEL_TRAFFIC } from '../conventions/model-traffic.ts';
import type { HandoffEvent, TimelineEvent } from '../model/timeline.ts';
import { str } from './attrs.ts';
import { withoutEchoes } from './inferred-handoffs.ts';
import { handoffFrom } from './lazy-handoff.ts';
import type { Recognizer } from './recognizer.ts';

/** Handoff events read from model traffic, so traced echoes of them can be told apart. */
const fromTraffic = new WeakSet<HandoffEvent>();

/**
 * The handoff spans Baton writes for handoffs it read in model API traffic. The sender is the
 * agent of the nearest agent span above the request when there is one (what the application
 * traced wins); otherwise the sender Baton chose at the time (an `agents` rule or the active
 * agent).
 */
export const recognizeModelTraffic: Recognizer = (span, index): TimelineEvent | undefined => {
  const a = span.attributes;
  if (str(a, MODEL_TRAFFIC_ATTR.via) !== VIA_MODEL_TRAFFIC || str(a, ATTR.event) !== EVENT.handoff)
    return undefined;
  const to = str(a, ATTR.handoffTo);
  const parent = index.parent(span);
  const traced =
    parent &&
    index.nearest(
      parent,
      (s) => str(s.attributes, ATTR.agent) ?? str(s.attributes, GENAI.agentName),
    );
  const from = traced ?? str(a, ATTR.handoffFrom);
  if (to === undefined || from === undefined) return undefined;
  const event = handoffFrom(span, index, {
    from,
    to,
    reason: str(a, ATTR.handoffReason),
    raw: a[ATTR.handoffPayload],
  });
  fromTraffic.add(event);
  return event;
};

/**
 * Drops each model-traffic handoff that a traced handoff already reports (same step, same
 * receiver; one for one), so a suite can keep `model_traffic` on for an application that also
 * traces its handoffs: the traced one, which knows its sender, is kept.
 */
export function withoutTrafficEchoes(events: TimelineEvent[]): TimelineEvent[] {
  return withoutEchoes(
    events,
    fromTraffic,
    (guess, t) => t.step === guess.step && t.to === guess.to,
  );
}
