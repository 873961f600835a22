import { CaseRunError, type RunError } from '../../errors.ts';
import { StepRequestError } from './send-step.ts';
import { type Blame, exitedError, goneError } from './service-exit-message.ts';
import {
  atMost,
  launchService,
  type ServiceProcess,
  type ServiceSpec,
  type StartResult,
} from './service-process.ts';

/**
 * After a request could not reach the service, how long to wait for its exit to be seen: the
 * socket closes as the process ends, the exit event follows within a few loop turns.
 */
const EXIT_NOTICE_MS = 5000;

/** A step's request: which case, which step, and `POST http://…/turn` for messages. */
export interface StepAt {
  readonly caseId: string;
  readonly step: number;
  readonly request: string;
}

/** One start of the service: the cases that began on it can only go on while it runs. */
export class ServiceLife {
  /** The first case step it exited during. */
  blame: Blame | undefined;
  readonly #inFlight = new Set<StepAt>();
  /** The requests that were unanswered when it exited. */
  #unanswered: readonly StepAt[] = [];

  constructor(readonly process: ServiceProcess) {
    // Registered first, so it runs before any request's failure handling sees the exit.
    void process.ended.then(() => {
      this.#unanswered = [...this.#inFlight];
    });
  }

  /** Sends one request on this start, noting it as unanswered until it settles. */
  async track<T>(at: StepAt, send: () => Promise<T>, onFailure: (e: unknown) => Promise<never>) {
    this.#inFlight.add(at);
    try {
      return await send().catch(onFailure);
    } finally {
      this.#inFlight.delete(at);
    }
  }

  /** The other cases whose requests were unanswered when the service exited. */
  othersUnanswered(at: StepAt): string[] {
    return this.#unanswered.filter((a) => a !== at).map((a) => a.caseId);
  }
}

/**
 * The service Baton started, across restarts. A service that exits fails the cases in flight with
 * its exit code and stderr; before the next case it is started again, once: when that fails, the
 * cases that follow fail with that one reason instead of waiting for it again and again.
 */
export class ServiceSupervisor {
  #life: ServiceLife;
  #restarting: Promise<void> | undefined;
  #gone: RunError | undefined;

  constructor(
    private readonly spec: ServiceSpec,
    first: ServiceProcess,
    private readonly o: {
      readonly launch?: (spec: ServiceSpec) => Promise<StartResult>;
      readonly exitNoticeMs?: number;
    } = {},
  ) {
    this.#life = new ServiceLife(first);
  }

  /** The running service a case starts on. */
  get life(): ServiceLife {
    return this.#life;
  }

  /** Before a case (outside its clock): starts a service that has exited again, once. */
  async reserve(): Promise<void> {
    if (!this.#gone && this.#life.process.exited()) {
      this.#restarting ??= this.#restart().finally(() => {
        this.#restarting = undefined;
      });
      await this.#restarting;
    }
    if (this.#gone) throw new CaseRunError(this.#gone);
  }

  /** Before step `step` of a case that began on `life`: throws once that service has exited. */
  async beforeStep(life: ServiceLife, step: number): Promise<void> {
    const exit = life.process.exited();
    if (exit === undefined && life === this.#life) return;
    // A life that is not the current one has ended (a restart follows an exit).
    const ended = exit ?? (await life.process.ended);
    throw new CaseRunError(
      exitedError(ended, await life.process.stderr(), { step, during: false, others: [] }),
    );
  }

  /**
   * Sends a step's request on `life`. When it does not reach the service and the service has
   * exited, the case's error says so, with its exit code and stderr; otherwise the error stands.
   */
  send<T>(life: ServiceLife, at: StepAt, request: () => Promise<T>): Promise<T> {
    return life.track(at, request, async (error: unknown) => {
      throw await this.#explain(error, life, at);
    });
  }

  async stop(): Promise<void> {
    await this.#restarting;
    await this.#life.process.stop();
  }

  async #explain(error: unknown, life: ServiceLife, at: StepAt): Promise<unknown> {
    if (!(error instanceof StepRequestError) || error.reached) return error;
    await atMost(life.process.ended, this.o.exitNoticeMs ?? EXIT_NOTICE_MS);
    const exit = life.process.exited();
    if (exit === undefined) return error;
    life.blame ??= { caseId: at.caseId, step: at.step };
    const stderr = await life.process.stderr();
    const moment = { ...at, during: true, others: life.othersUnanswered(at) };
    return new CaseRunError(exitedError(exit, stderr, moment));
  }

  async #restart(): Promise<void> {
    const dead = this.#life;
    const exit = dead.process.exited();
    if (exit === undefined) return;
    const started = await (this.o.launch ?? launchService)(this.spec);
    if (started.ok) this.#life = new ServiceLife(started.service);
    else this.#gone = goneError(exit, dead.blame, started.failure);
  }
}
