import { BatonError, type BatonErrorCode } from '../errors.ts';
import { CaseRunError, type RunError } from '../run/case-error.ts';
import { ISOLATE_MAIN_URL } from './isolate-entry.ts';
import { type Launched, launch } from './launch.ts';
import type {
  IsolateFault,
  IsolateInit,
  IsolateReady,
  IsolationKind,
  RunReply,
  RunRequest,
} from './protocol.ts';
import { type Handlers, RemoteError, Rpc } from './rpc.ts';

const WHERE: Record<IsolationKind, string> = { worker: 'worker thread', process: 'child process' };

/** A fault that escaped the implementation, as the case error the report shows. */
export function faultError(fault: IsolateFault, kind: IsolationKind): RunError {
  const where = WHERE[kind];
  switch (fault.kind) {
    case 'exit':
      return {
        code: 'adapter.exit',
        message: `the implementation called ${fault.message} in its ${where}; Baton stopped that ${where} and failed this case`,
      };
    case 'unhandled_rejection':
      return {
        code: 'adapter.unhandled',
        message: `the implementation left a promise rejection unhandled in its ${where}: ${fault.message}`,
      };
    case 'uncaught_exception':
      return {
        code: 'adapter.unhandled',
        message: `the implementation threw outside the adapter (a timer or callback) in its ${where}: ${fault.message}`,
      };
  }
}

/**
 * One worker thread or child process running the suite's adapter, one case at a time. A fault
 * (an escaped error, an exit, a crash) fails the case in flight and retires the isolate.
 */
export class Isolate {
  #healthy = true;
  #ended: RunError = {
    code: 'adapter.crashed',
    message: 'the isolate running the implementation had already ended',
  };
  #current: { readonly request: RunRequest; fail(error: CaseRunError): void } | undefined;

  private constructor(
    private readonly launched: Launched,
    private readonly rpc: Rpc,
    readonly ready: IsolateReady,
  ) {}

  /** Starts an isolate and sets up the adapter in it; a module that fails to load is a BatonError. */
  static async start(
    kind: IsolationKind,
    init: IsolateInit,
    hooks: { handlers: Handlers; onLateFault(fault: IsolateFault): void },
  ): Promise<Isolate> {
    const launched = launch(kind, ISOLATE_MAIN_URL);
    let isolate: Isolate | undefined;
    const rpc = new Rpc(launched.port, hooks.handlers, (name, data) => {
      if (name !== 'fault') return;
      const fault = data as IsolateFault;
      if (isolate) isolate.#escaped(fault, kind, () => hooks.onLateFault(fault));
    });
    launched.onExit((how) => {
      const ended = endedError(kind, how);
      rpc.failAll(new CaseRunError(ended));
      if (isolate) isolate.#fault(ended);
    });
    let ready: IsolateReady;
    try {
      ready = await rpc.call<IsolateReady>('init', init);
    } catch (error) {
      launched.kill();
      throw setupError(error);
    }
    isolate = new Isolate(launched, rpc, ready);
    return isolate;
  }

  get healthy(): boolean {
    return this.#healthy;
  }

  /** Runs one case; rejects with a CaseRunError when the isolate faults or ends meanwhile. */
  run(request: RunRequest): Promise<RunReply> {
    if (!this.#healthy) return Promise.reject(new CaseRunError(this.#ended));
    return new Promise<RunReply>((resolve, reject) => {
      this.#current = { request, fail: reject };
      this.rpc.call<RunReply>('run', request).then(resolve, reject);
    }).finally(() => {
      this.#current = undefined;
    });
  }

  call<T>(method: string, args: unknown): Promise<T> {
    if (!this.#healthy) return Promise.reject(new CaseRunError(this.#ended));
    return this.rpc.call<T>(method, args);
  }

  /** Tears the adapter down in the isolate, then ends it; ends it anyway after `waitMs`. */
  async close(waitMs: number): Promise<void> {
    if (this.#healthy) {
      let timer: NodeJS.Timeout | undefined;
      const bounded = new Promise<void>((done) => {
        timer = setTimeout(done, waitMs);
      });
      await Promise.race([this.rpc.call('close').catch(() => {}), bounded]);
      clearTimeout(timer);
    }
    this.kill();
  }

  kill(): void {
    this.#healthy = false;
    this.launched.kill();
  }

  /**
   * An error escaped: it fails its own case run if that is the one in flight. One from a case
   * that already finished is told to `late`; the isolate then serves no new case but lets the
   * one in flight finish.
   */
  #escaped(fault: IsolateFault, kind: IsolationKind, late: () => void): void {
    const current = this.#current?.request;
    const own =
      current !== undefined &&
      fault.caseId === current.testCase.id &&
      fault.repeat === current.repeat;
    if (own) {
      this.#fault(faultError(fault, kind));
      return;
    }
    late();
    this.#healthy = false;
    if (!this.#current) this.launched.kill();
  }

  #fault(error: RunError): void {
    if (this.#healthy) this.#ended = error;
    this.#healthy = false;
    this.#current?.fail(new CaseRunError(error));
    this.launched.kill();
  }
}

function endedError(
  kind: IsolationKind,
  how: { code: number | null; signal: string | null },
): RunError {
  const why = how.signal ? `was killed by ${how.signal}` : `ended with exit code ${how.code}`;
  return {
    code: 'adapter.crashed',
    message: `the ${WHERE[kind]} running the implementation ${why} while the case ran (a native crash, running out of memory, or process.kill); Baton failed this case and started a new one`,
  };
}

const BATON_CODES = new Set<string>(['adapter.load', 'adapter.options', 'usage', 'file.not_found']);

function setupError(error: unknown): Error {
  if (error instanceof RemoteError && error.code && BATON_CODES.has(error.code))
    return new BatonError(error.code as BatonErrorCode, error.message);
  if (error instanceof CaseRunError)
    return new BatonError(
      'adapter.load',
      `Failed to start the implementation in its isolate: it ended before it was ready (${error.message.replace(/ while the case ran.*$/, '')}). Its own error is printed above; run with isolation: none to see it in Baton's process.`,
    );
  return new BatonError(
    'adapter.load',
    `Failed to set up the adapter in its isolate: ${(error as Error).message}`,
  );
}
