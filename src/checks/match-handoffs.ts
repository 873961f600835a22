import type { ExpectedHandoff } from '../model/labelled-case.ts';
import type { HandoffEvent } from '../model/timeline.ts';

/** How one expected handoff fared: matched to an observed one, or missed. */
export type HandoffMatch =
  | {
      readonly expected: ExpectedHandoff;
      readonly expectedIndex: number;
      readonly verdict: 'on_time' | 'early' | 'late' | 'wrong_target';
      readonly observed: HandoffEvent;
      readonly observedIndex: number;
      /** Steps outside the window: negative when early, positive when late, 0 otherwise. */
      readonly distance: number;
    }
  | {
      readonly expected: ExpectedHandoff;
      readonly expectedIndex: number;
      readonly verdict: 'missed';
    };

export interface Matching {
  readonly matches: readonly HandoffMatch[];
  /** Observed handoffs no expectation claimed, with their index in the observed list. */
  readonly unmatched: readonly {
    readonly observed: HandoffEvent;
    readonly observedIndex: number;
  }[];
}

/**
 * Pairs expected handoffs (in label order) with observed ones (in time order): each expectation
 * takes the first observed handoff from its sender after the previous match.
 */
export function matchHandoffs(
  expected: readonly ExpectedHandoff[],
  observed: readonly HandoffEvent[],
): Matching {
  const claimed = new Set<number>();
  const matches: HandoffMatch[] = [];
  let cursor = 0;
  expected.forEach((exp, expectedIndex) => {
    let found = -1;
    for (let i = cursor; i < observed.length; i++) {
      if (!claimed.has(i) && observed[i]?.from === exp.from) {
        found = i;
        break;
      }
    }
    const hit = observed[found];
    if (!hit) {
      matches.push({ expected: exp, expectedIndex, verdict: 'missed' });
      return;
    }
    claimed.add(found);
    cursor = found + 1;
    matches.push({
      expected: exp,
      expectedIndex,
      observed: hit,
      observedIndex: found,
      ...judge(exp, hit),
    });
  });
  const unmatched = observed.flatMap((o, observedIndex) =>
    claimed.has(observedIndex) ? [] : [{ observed: o, observedIndex }],
  );
  return { matches, unmatched };
}

function judge(
  exp: ExpectedHandoff,
  hit: HandoffEvent,
): { verdict: 'on_time' | 'early' | 'late' | 'wrong_target'; distance: number } {
  const [first, last] = exp.window;
  const distance = hit.step < first ? hit.step - first : hit.step > last ? hit.step - last : 0;
  if (hit.to !== exp.to && !exp.alternatives.includes(hit.to)) {
    return { verdict: 'wrong_target', distance };
  }
  if (distance < 0) return { verdict: 'early', distance };
  if (distance > 0) return { verdict: 'late', distance };
  return { verdict: 'on_time', distance };
}
