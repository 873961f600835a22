import type { ExpectedToolCall, ToolMatchMode } from '../../model/labelled-case.ts';
import type { ToolCallEvent } from '../../model/timeline.ts';
import { anyOrder, inOrder, type Pairing } from './align-calls.ts';
import { type ArgsMismatch, argsMismatch } from './args-match.ts';

/** What judging one trajectory found; indices point into the expected and observed lists. */
export type TrajectoryIssue =
  | { readonly kind: 'missing'; readonly expected: number }
  | { readonly kind: 'unexpected'; readonly observed: number }
  | { readonly kind: 'order'; readonly expected: number; readonly observed: number }
  | {
      readonly kind: 'args';
      readonly expected: number;
      readonly observed: number;
      readonly mismatch: ArgsMismatch;
    };

/** Which failures each mode judges: a missing expected call, an observed call nothing expects. */
export const MODE_JUDGES: Readonly<
  Record<ToolMatchMode, { readonly missing: boolean; readonly unexpected: boolean }>
> = {
  strict: { missing: true, unexpected: true },
  unordered: { missing: true, unexpected: true },
  subset: { missing: false, unexpected: true },
  superset: { missing: true, unexpected: false },
};

/** Same tool, the expected agent if one is named. Arguments aside. */
function sameCall(e: ExpectedToolCall, o: ToolCallEvent): boolean {
  return e.tool === o.tool && (e.agent === undefined || e.agent === o.agent);
}

/**
 * Judges observed tool calls (in time order) against the expected ones under a mode
 * (docs/tools.md). Each expected call explains at most one observed call. Pairs are found
 * first in order (strict), then in any order; a call left over on both sides with the same tool
 * is one `args` issue rather than a missing and an unexpected call.
 */
export function judgeTrajectory(
  expected: readonly ExpectedToolCall[],
  observed: readonly ToolCallEvent[],
  mode: ToolMatchMode,
): TrajectoryIssue[] {
  const ok = (i: number, j: number) => {
    const e = expected[i] as ExpectedToolCall;
    const o = observed[j] as ToolCallEvent;
    return sameCall(e, o) && argsMismatch(e.args, o.args) === undefined;
  };
  const issues: TrajectoryIssue[] = [];
  let pairs: Pairing = new Array(expected.length).fill(-1);
  if (mode === 'strict') pairs = inOrder(expected.length, observed.length, ok);
  const ordered = [...pairs];
  pairs = anyOrder(unpairedRows(pairs), unpairedCols(pairs, observed.length), ok, pairs);
  for (const [i, j] of pairs.entries()) {
    if (j >= 0 && ordered[i] !== j) {
      if (mode === 'strict') issues.push({ kind: 'order', expected: i, observed: j });
    }
  }
  const leftObserved = unpairedCols(pairs, observed.length);
  for (const i of unpairedRows(pairs)) {
    const e = expected[i] as ExpectedToolCall;
    const k = leftObserved.findIndex((j) => sameCall(e, observed[j] as ToolCallEvent));
    const j = leftObserved[k];
    if (j === undefined) {
      if (MODE_JUDGES[mode].missing) issues.push({ kind: 'missing', expected: i });
      continue;
    }
    leftObserved.splice(k, 1);
    // Never undefined: a compatible leftover pair would have been paired above.
    const mismatch = argsMismatch(e.args, (observed[j] as ToolCallEvent).args) ?? {
      path: '',
      expected: e.args,
    };
    issues.push({ kind: 'args', expected: i, observed: j, mismatch });
  }
  if (MODE_JUDGES[mode].unexpected) {
    for (const j of leftObserved) issues.push({ kind: 'unexpected', observed: j });
  }
  return issues;
}

function unpairedRows(pairs: Pairing): number[] {
  return pairs.flatMap((j, i) => (j < 0 ? [i] : []));
}

function unpairedCols(pairs: Pairing, m: number): number[] {
  const used = new Set(pairs);
  return Array.from({ length: m }, (_, j) => j).filter((j) => !used.has(j));
}
