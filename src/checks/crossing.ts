import type { HandoffEvent } from '../model/timeline.ts';
import type { HandoffMatch } from './match-handoffs.ts';

/** How an out-of-order handoff crossed a paired one of its sender: came before or after it. */
export interface Crossing {
  readonly side: 'before' | 'after';
  readonly other: HandoffEvent;
}

/**
 * The handoff of the same sender an out-of-order pair crossed: one labelled before it that was
 * made after it, else one labelled after it that was made before it (by time, then step).
 */
export function crossing(m: HandoffMatch, matches: readonly HandoffMatch[]): Crossing | undefined {
  if (m.verdict === 'missed') return undefined;
  for (const other of matches) {
    if (other === m || other.verdict === 'missed' || other.expected.from !== m.expected.from)
      continue;
    const labelledFirst = other.expectedIndex < m.expectedIndex;
    const madeFirst = madeBefore(other.observed, m.observed);
    if (labelledFirst && !madeFirst) return { side: 'before', other: other.observed };
    if (!labelledFirst && madeFirst) return { side: 'after', other: other.observed };
  }
  return undefined;
}

function madeBefore(a: HandoffEvent, b: HandoffEvent): boolean {
  return a.at !== b.at ? a.at < b.at : a.step < b.step;
}
