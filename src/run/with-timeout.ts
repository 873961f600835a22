/** Thrown when a case run outlives its time limit. */
export class CaseTimeoutError extends Error {
  override readonly name = 'CaseTimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`the case did not finish within ${timeoutMs} ms`);
  }
}

/**
 * Races `run` against a timer; on time-out aborts `controller` so a cooperative implementation
 * can stop, and rejects with CaseTimeoutError without waiting for `run` to settle.
 */
export async function withTimeout<T>(
  run: (signal: AbortSignal) => Promise<T>,
  timeoutMs: number,
  controller: AbortController = new AbortController(),
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(new CaseTimeoutError(timeoutMs));
      reject(new CaseTimeoutError(timeoutMs));
    }, timeoutMs);
  });
  try {
    return await Promise.race([run(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}
