import { AsyncLocalStorage } from 'node:async_hooks';
import { thrownAt } from '../io/user-frame.ts';
import { describeThrown } from '../thrown.ts';

/** What escaped an implementation: an unhandled rejection, an uncaught throw, a process.exit. */
export interface StrayError {
  readonly kind: 'unhandled_rejection' | 'uncaught_exception' | 'exit';
  readonly message: string;
  /** The case run it came from, when Baton could tell (async context of the throw). */
  readonly caseId?: string;
  readonly repeat?: number;
}

interface RunKey {
  readonly caseId: string;
  readonly repeat: number;
  /** Set once the run is judged: errors arriving later are reported on the run as a whole. */
  done: boolean;
  readonly errors: StrayError[];
}

/**
 * Collects errors that escape an implementation instead of being thrown to its adapter, and
 * tells which case run they belong to: each case runs in its own async context, and Node runs
 * the `uncaughtException` / `unhandledRejection` listeners in the context of the throw.
 */
export class StrayErrors {
  readonly #context = new AsyncLocalStorage<RunKey>();
  readonly #late: StrayError[] = [];

  /** Runs `run` as case `caseId`, repeat `repeat`; its stray errors are returned beside it. */
  async within<T>(
    caseId: string,
    repeat: number,
    run: () => Promise<T>,
  ): Promise<{ settled: PromiseSettledResult<T>; strays: readonly StrayError[] }> {
    const key: RunKey = { caseId, repeat, done: false, errors: [] };
    const settled = await this.#context.run(key, () =>
      run().then(
        (value): PromiseSettledResult<T> => ({ status: 'fulfilled', value }),
        (reason: unknown): PromiseSettledResult<T> => ({ status: 'rejected', reason }),
      ),
    );
    key.done = true;
    return { settled, strays: key.errors };
  }

  /** Records an error that escaped; called by the process listeners the CLI installs. */
  record(kind: StrayError['kind'], error: unknown): void {
    const key = this.#context.getStore();
    const message =
      kind === 'exit'
        ? `the implementation called process.exit(${String(error)})`
        : `${describeThrown(error)}${thrownAt(error)}`;
    const stray: StrayError = {
      kind,
      message,
      ...(key && { caseId: key.caseId, repeat: key.repeat }),
    };
    if (key && !key.done) key.errors.push(stray);
    else this.#late.push(stray);
  }

  /** Errors no running case could take: outside any case, or after their case was judged. */
  takeLate(): StrayError[] {
    return this.#late.splice(0);
  }
}

/** Thrown in place of a case's result when errors escaped its implementation. */
export class StrayErrorsSeen extends Error {
  override readonly name = 'StrayErrorsSeen';
  constructor(readonly all: readonly [StrayError, ...StrayError[]]) {
    super(all[0].message);
  }
}
