import type { Timeline } from '../../model/timeline.ts';
import { looseName } from './actors.ts';

const MAX_DEPTH = 8;
const MAX_KEYS = 1000;

/**
 * Indices (in the timeline's handoffs, in order) of the handoffs whose receiver asked, after
 * receiving the work, for a fact the conversation already had when the work was handed over:
 * a key with a value in a handoff's payload up to and including that handoff, or a field someone
 * had asked for before it. Needs no labels: what a sender had is what the trace shows it had.
 */
export function reaskedHandoffs(timeline: Timeline): Set<number> {
  const firstKnown = new Map<string, number>();
  // Per receiver: the last handoff it received (its number, and its position among the events).
  const latestTo = new Map<string, { handoff: number; at: number }>();
  const reasked = new Set<number>();
  let handoffs = 0;
  for (const [i, e] of timeline.events.entries()) {
    if (e.kind === 'handoff') {
      for (const key of payloadKeys(e.payload)) if (!firstKnown.has(key)) firstKnown.set(key, i);
      latestTo.set(e.to, { handoff: handoffs++, at: i });
    } else if (e.kind === 'question') {
      const fields = e.fields.map(looseName);
      const received = latestTo.get(e.by);
      const knew = (f: string) =>
        (firstKnown.get(f) ?? Number.POSITIVE_INFINITY) <= (received?.at ?? -1);
      if (received && fields.some(knew)) reasked.add(received.handoff);
      for (const f of fields) if (!firstKnown.has(f)) firstKnown.set(f, i);
    }
  }
  return reasked;
}

/** Keys that hold a value (not null, empty text or an empty list) anywhere in a JSON payload. */
export function payloadKeys(payload: unknown): Set<string> {
  const keys = new Set<string>();
  const walk = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH || keys.size >= MAX_KEYS) return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    for (const [key, v] of Object.entries(value)) {
      if (hasValue(v)) keys.add(looseName(key));
      walk(v, depth + 1);
    }
  };
  walk(payload, 0);
  return keys;
}

function hasValue(v: unknown): boolean {
  if (v === null || v === undefined || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') return Object.keys(v).length > 0;
  return true;
}
