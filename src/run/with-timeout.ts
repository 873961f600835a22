/** Thrown when a case run outlives its time limit. */
export class CaseTimeoutError extends Error {
  override readonly name = 'CaseTimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`the case did not finish within ${timeoutMs} ms`);
  }
}

/**
 * An abort signal made only when someone reads it: most implementations never do, and an
 * AbortController per case run was a measurable share of Baton's overhead.
 */
export class LazyAbort {
  #controller: AbortController | undefined;
  #reason: unknown;

  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.#reason !== undefined) this.#controller.abort(this.#reason);
    }
    return this.#controller.signal;
  }

  get aborted(): boolean {
    return this.#reason !== undefined;
  }

  abort(reason: unknown): void {
    this.#reason = reason;
    this.#controller?.abort(reason);
  }
}

/**
 * Races `run` against a timer; on time-out aborts the signal so a cooperative implementation
 * can stop, and rejects with CaseTimeoutError without waiting for `run` to settle. One promise
 * a case run, not a race of three: this runs for every case.
 */
export function withTimeout<T>(
  run: (abort: LazyAbort) => Promise<T>,
  timeoutMs: number,
  abort: LazyAbort = new LazyAbort(),
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      abort.abort(new CaseTimeoutError(timeoutMs));
      reject(new CaseTimeoutError(timeoutMs));
    }, timeoutMs);
    let running: Promise<T>;
    try {
      running = Promise.resolve(run(abort));
    } catch (error) {
      clearTimeout(timer);
      reject(error);
      return;
    }
    running.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
