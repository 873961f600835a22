import type { Labels } from '../model/labelled-case.ts';
import type { CaseState } from './case-state.ts';

/**
 * How long a case may wait, once its adapter has returned, for commits its labels expect at the
 * suite's endpoints that have not come yet: a request the implementation sent without waiting
 * for it (a timer, a background job) still belongs to the case that made it.
 */
export const LATE_COMMIT_MS = 500;

/** The commits the labels expect at these endpoints, `effect \0 key` → times, summed per key. */
export function expectedCommits(
  labels: Labels,
  endpoints: ReadonlySet<string>,
): Map<string, number> {
  const expected = new Map<string, number>();
  for (const e of labels.effects ?? []) {
    if (e.times < 1 || !endpoints.has(e.effect)) continue;
    const id = `${e.effect}\0${e.key}`;
    expected.set(id, (expected.get(id) ?? 0) + e.times);
  }
  return expected;
}

/** True when every expected commit has come as often as expected. */
export function allCommitted(
  expected: ReadonlyMap<string, number>,
  commits: ReadonlyMap<string, number>,
): boolean {
  for (const [id, times] of expected) if ((commits.get(id) ?? 0) < times) return false;
  return true;
}

/**
 * Waits until the case's expected commits have all come, `LATE_COMMIT_MS` has passed, or
 * `signal` (the case's time-out) aborts; at once when nothing is owed.
 */
export function awaitLateCommits(
  state: CaseState,
  expected: ReadonlyMap<string, number>,
  signal: () => AbortSignal,
  waitMs = LATE_COMMIT_MS,
): Promise<void> {
  if (expected.size === 0 || allCommitted(expected, state.commits)) return Promise.resolve();
  const aborted = signal();
  if (aborted.aborted) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      aborted.removeEventListener('abort', done);
      state.onCommit = undefined;
      resolve();
    };
    const timer = setTimeout(done, waitMs);
    aborted.addEventListener('abort', done, { once: true });
    state.onCommit = () => {
      if (allCommitted(expected, state.commits)) done();
    };
  });
}
