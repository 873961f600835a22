import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | null | undefined;

/**
 * Cases between two collections in a large run: each case leaves tens of KB that outlive the
 * young generation, and the heap would otherwise grow to several times what the run holds
 * before the collector looks.
 */
export const CASES_PER_COLLECTION = 5_000;

/**
 * Runs of fewer cases never force a collection: what they hold fits the heap V8 sizes on its
 * own, and each forced collection costs a full pass over the heap.
 */
export const LARGE_RUN = 20_000;

/**
 * A full garbage collection now. The engine sizes its heap from what the last full collection
 * found alive: after 100,000 loaded cases are packed away, the heap would otherwise keep room
 * for all of them through the whole run. The collector is reached as test runners reach it
 * (exposed for one fresh context, then hidden again); where it cannot be, this does nothing.
 */
export function collectGarbage(): void {
  if (gc === undefined) gc = findCollector();
  gc?.();
}

function findCollector(): (() => void) | null {
  const own = (globalThis as { gc?: () => void }).gc;
  if (typeof own === 'function') return own;
  try {
    setFlagsFromString('--expose-gc');
    const found = runInNewContext('gc') as unknown;
    return typeof found === 'function' ? (found as () => void) : null;
  } catch {
    return null;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}
