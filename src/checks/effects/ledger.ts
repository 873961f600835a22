import { lastMemo } from '../../last-memo.ts';
import type { ExpectedEffect, Labels } from '../../model/labelled-case.ts';
import type { EffectEvent, Timeline } from '../../model/timeline.ts';

/** One identity's commits: (effect, key) and the committed events, in time order. */
export interface LedgerEntry {
  readonly effect: string;
  readonly key: string;
  readonly commits: readonly EffectEvent[];
}

/** A map key for an identity; the NUL separator cannot occur in attribute text by accident. */
export function identity(effect: string, key: string): string {
  return `${effect}\u0000${key}`;
}

const NO_EFFECTS: readonly EffectEvent[] = Object.freeze([]);
const NO_ENTRIES: readonly LedgerEntry[] = Object.freeze([]);
const NO_EXPECTED: ReadonlyMap<string, ExpectedEffect> = new Map();

// Every effect check reads the same timeline: its commits are picked out once.
/** Committed effects only: a failed call changed nothing, a blocked one (shadow mode) was never sent. */
export const committedEffects = lastMemo((timeline: Timeline): readonly EffectEvent[] => {
  let out: EffectEvent[] | undefined;
  for (const e of timeline.events) {
    if (e.kind !== 'effect' || e.outcome !== 'committed') continue;
    out ??= [];
    out.push(e);
  }
  return out ?? NO_EFFECTS;
});

/** The committed effects grouped by identity, in order of first commit. */
export function ledger(timeline: Timeline): readonly LedgerEntry[] {
  const committed = committedEffects(timeline);
  // Most cases commit nothing: no map to build.
  if (committed.length === 0) return NO_ENTRIES;
  const byId = new Map<string, { effect: string; key: string; commits: EffectEvent[] }>();
  for (const e of committed) {
    const id = identity(e.effect, e.key);
    const entry = byId.get(id) ?? { effect: e.effect, key: e.key, commits: [] };
    entry.commits.push(e);
    byId.set(id, entry);
  }
  return [...byId.values()];
}

/** The labels' expectations by identity; the first label wins when one is listed twice. */
export function expectedEffects(labels: Labels): ReadonlyMap<string, ExpectedEffect> {
  if (!labels.effects?.length) return NO_EXPECTED;
  const out = new Map<string, ExpectedEffect>();
  for (const x of labels.effects) {
    const id = identity(x.effect, x.key);
    if (!out.has(id)) out.set(id, x);
  }
  return out;
}

/** The owner of an effect: the label's owner when the case names one, else the declared one. */
export function ownerOf(
  e: EffectEvent,
  expected: ReadonlyMap<string, ExpectedEffect>,
): string | undefined {
  const labelled = expected.get(identity(e.effect, e.key))?.owner;
  if (labelled !== undefined) return labelled;
  return e.owner;
}

/** Distinct agents in order of first appearance; unknown agents are left out. */
export function agentsOf(events: readonly EffectEvent[]): string[] {
  const out: string[] = [];
  for (const e of events) if (e.agent !== undefined && !out.includes(e.agent)) out.push(e.agent);
  return out;
}
