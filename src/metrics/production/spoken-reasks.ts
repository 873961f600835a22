import { handoffReask } from '../../checks/handoff-reask.ts';
import type { GivenFact, Labels } from '../../model/labelled-case.ts';
import type { HandoffEvent, Timeline } from '../../model/timeline.ts';

const MAX_DEPTH = 8;
const MAX_FACTS = 200;

/** A fact a handoff payload gave, and where in the events it was first given. */
interface Known {
  readonly fact: GivenFact;
  readonly at: number;
}

/**
 * Indices (in the timeline's handoffs, in order) of the handoffs whose receiver then asked for a
 * fact that a payload had given by the time the work reached it: judged by `baton run`'s own
 * re-ask check (`handoffReask`), so a question in plain words counts as in a run ("What is your
 * order number?" with `facts: { order_id: [order number] }`), and one that states the value does
 * not. Without labels, the facts are the scalar values handoff payloads carried, each given at
 * its handoff's step; what a customer said cannot be named without labels, so it is not a fact.
 */
export function spokenReasks(
  timeline: Timeline,
  phrasings: Readonly<Record<string, readonly string[]>> = {},
): Set<number> {
  const known = new Map<string, Known>();
  const latestTo = new Map<string, { handoff: number; event: HandoffEvent; at: number }>();
  const reasked = new Set<number>();
  let handoffs = 0;
  const options = { facts: phrasings };
  for (const [i, e] of timeline.events.entries()) {
    if (e.kind === 'handoff') {
      for (const [name, value] of payloadFacts(e.payload)) {
        if (known.has(name) || known.size >= MAX_FACTS) continue;
        const source = { kind: 'label', from: e.from, to: e.to } as const;
        known.set(name, { fact: { name, value, step: e.step, source }, at: i });
      }
      latestTo.set(e.to, { handoff: handoffs++, event: e, at: i });
    } else if (e.kind === 'question') {
      const received = latestTo.get(e.by);
      if (received === undefined || reasked.has(received.handoff)) continue;
      const facts = [...known.values()].filter((k) => k.at <= received.at).map((k) => k.fact);
      if (facts.length === 0) continue;
      const labels: Labels = { handoffs: [], facts };
      const found = handoffReask.run({ events: [received.event, e] }, labels, options);
      if (found.length > 0) reasked.add(received.handoff);
    }
  }
  return reasked;
}

/** The texts and numbers a JSON payload holds, by their key (the first at any depth wins). */
export function payloadFacts(payload: unknown): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    for (const [key, v] of Object.entries(value)) {
      // A flag (true/false) is not something anyone is asked for by name.
      const scalar = typeof v === 'number' || typeof v === 'string';
      if (scalar && v !== '' && !out.has(key)) out.set(key, String(v));
      else walk(v, depth + 1);
    }
  };
  walk(payload, 0);
  return out;
}
