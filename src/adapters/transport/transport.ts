import { inFanOut, newFanOut } from '../../capture/fan-out-context.ts';
import type { Fault } from '../../model/fault.ts';

/** A handoff as it is delivered: who sends, who receives. */
export interface DeliveryRoute {
  readonly from: string;
  readonly to: string;
}

/** Thrown to the sender when a `receiver_timeout` fault cuts a delivery short. */
export class DeliveryTimeoutError extends Error {
  override readonly name = 'DeliveryTimeoutError';
  constructor(
    readonly route: DeliveryRoute,
    readonly afterMs: number,
  ) {
    super(`delivery ${route.from} → ${route.to} got no answer within ${afterMs} ms`);
  }
}

/**
 * How an implementation hands work over when it wants Baton to make the world hostile: every
 * delivery and every batch of parallel work goes through here, and the case's faults apply.
 * Without faults both are plain calls.
 */
export interface Transport {
  /** Delivers to a receiver by calling `receive`; faults may delay, duplicate or time it out. */
  deliver<T>(route: DeliveryRoute, receive: () => Promise<T> | T): Promise<T>;
  /** Runs tasks concurrently; under a `permute` fault their start order is a seeded shuffle. */
  parallel<T>(tasks: readonly (() => Promise<T> | T)[]): Promise<T[]>;
  /** The seed of the permuted order, when a `permute` fault is active (replays it). */
  readonly permutationSeed?: number;
}

function applies(fault: { to?: string | undefined }, route: DeliveryRoute): boolean {
  return fault.to === undefined || fault.to === route.to;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((done) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      done();
    });
  });
}

/** A stable seed from a case id and repeat, so a permuted order is the same on every rerun. */
export function seedFor(caseId: string, repeat: number): number {
  let h = 2166136261;
  for (const ch of `${caseId}#${repeat}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h | 0;
}

/** The transport of one case run, with the suite's and the case's faults applied. */
export function createTransport(
  faults: readonly Fault[],
  run: {
    readonly caseId: string;
    readonly repeat: number;
    /** The case's signal, asked for only when a fault waits (made on first read). */
    readonly signal?: () => AbortSignal;
  },
): Transport {
  // The case's own faults come after the suite's: its permute (and seed) wins.
  const permute = faults.findLast((f) => f.fault === 'permute');
  const seed = permute ? (permute.seed ?? seedFor(run.caseId, run.repeat)) : undefined;
  const once = async <T>(route: DeliveryRoute, receive: () => Promise<T> | T): Promise<T> => {
    for (const f of faults) {
      if (f.fault === 'slow_receiver' && applies(f, route)) await sleep(f.delay_ms, run.signal?.());
    }
    const timeout = faults.find((f) => f.fault === 'receiver_timeout' && applies(f, route));
    if (timeout?.fault !== 'receiver_timeout') return receive();
    return Promise.race([
      Promise.resolve().then(receive),
      sleep(timeout.after_ms, run.signal?.()).then(() => {
        throw new DeliveryTimeoutError(route, timeout.after_ms);
      }),
    ]);
  };
  return {
    ...(seed !== undefined && { permutationSeed: seed }),
    async deliver(route, receive) {
      const duplicate = faults.some((f) => f.fault === 'duplicate_delivery' && applies(f, route));
      if (!duplicate) return once(route, receive);
      // As a retry or a race would: the same delivery arrives twice, concurrently.
      const [first] = await Promise.all([once(route, receive), once(route, receive)]);
      return first;
    },
    async parallel(tasks) {
      // Handoffs made inside are one fan-out: the order the tasks run in says nothing.
      const fanOut = newFanOut();
      const branches = tasks.map((t) => () => inFanOut(fanOut, t));
      if (seed === undefined) return Promise.all(branches.map((t) => Promise.resolve().then(t)));
      return permuted(branches, seed);
    },
  };
}

/** Starts the tasks in the order fast-check's scheduler picks for `seed`. */
async function permuted<T>(tasks: readonly (() => Promise<T> | T)[], seed: number): Promise<T[]> {
  // fast-check loads only for cases under a permute fault.
  const fc = await import('fast-check');
  const [scheduler] = fc.sample(fc.scheduler(), { seed, numRuns: 1 });
  if (!scheduler) return Promise.all(tasks.map((t) => Promise.resolve().then(t)));
  const started = tasks.map((task, i) =>
    scheduler.schedule(Promise.resolve(i), `task ${i}`).then(() => task()),
  );
  await scheduler.waitAll();
  return Promise.all(started);
}
