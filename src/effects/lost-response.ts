/** The longest a `lost_response` in `timeout` mode holds a request when nothing else ends it. */
export const LOST_RESPONSE_MAX_MS = 30_000;

/**
 * Holds a lost response until the caller gives up: its request is aborted (fetch with a signal),
 * the case ends or times out, the run ends, or `maxMs` passes, whichever comes first. node:http
 * callers that destroy their request do not abort msw's request, so for them the case's end or
 * `maxMs` is what ends the wait.
 */
export function waitUntilCallerGivesUp(
  signals: readonly (AbortSignal | undefined)[],
  maxMs: number,
): Promise<void> {
  const live = signals.filter((s): s is AbortSignal => s !== undefined);
  if (live.some((s) => s.aborted)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      for (const s of live) s.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, maxMs);
    for (const s of live) s.addEventListener('abort', done, { once: true });
  });
}
