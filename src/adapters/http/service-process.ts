import { type ChildProcess, spawn } from 'node:child_process';
import { BatonError } from '../../errors.ts';
import { describeStderr } from './stderr-excerpt.ts';

export interface ServiceSpec {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  /** Added to Baton's own environment. */
  readonly env: Readonly<Record<string, string>>;
  readonly readyUrl: string;
  readonly readyTimeoutMs: number;
  /** The suite file as the user typed it, for messages. */
  readonly suite: string;
  /** The clock the ready deadline is measured on (tests pass their own). */
  readonly now?: () => number;
}

/** How a service process ended: an exit code, a signal, or an error spawning it. */
export interface ServiceExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly error?: Error;
}

/** A service Baton started; `stop()` ends it (SIGTERM, then SIGKILL after `graceMs`). */
export interface ServiceProcess {
  readonly pid: number | undefined;
  /** Resolves once the process has ended, by itself or through `stop()`. */
  readonly ended: Promise<ServiceExit>;
  /** How the process ended; undefined while it runs. */
  exited(): ServiceExit | undefined;
  /** Its stderr (the last 8 KB); once it has ended, read to the end of the pipe (bounded wait). */
  stderr(): Promise<string>;
  stop(graceMs?: number): Promise<void>;
}

/** Why a service did not become ready; it has been stopped. */
export interface StartFailure {
  readonly why: string;
  readonly stderr: string;
  readonly fix: string;
}

export type StartResult =
  | { readonly ok: true; readonly service: ServiceProcess }
  | { readonly ok: false; readonly failure: StartFailure };

const STDERR_KEEP = 8 * 1024;
const POLL_MS = 50;
const STDERR_GRACE_MS = 5000;

/**
 * Starts the service and resolves once `readyUrl` answers with any status below 500. If the
 * process cannot start, exits first, or does not answer in time, it is stopped and a BatonError
 * names the command, its exit code and the telling lines of its stderr.
 */
export async function startService(spec: ServiceSpec): Promise<ServiceProcess> {
  const started = await launchService(spec);
  if (started.ok) return started.service;
  const { why, stderr, fix } = started.failure;
  throw new BatonError(
    'adapter.load',
    `Failed to start the service \`${shownCommand(spec)}\`: ${why}. ${describeStderr(stderr)} ${fix} in ${spec.suite}.`,
  );
}

/** The command line as messages show it. */
export function shownCommand(spec: Pick<ServiceSpec, 'command' | 'args'>): string {
  return [spec.command, ...spec.args].join(' ').replace(/\s+/g, ' ');
}

/** Like startService, with the failure as data (a restart words it differently). */
export async function launchService(spec: ServiceSpec): Promise<StartResult> {
  const service = spawnService(spec);
  const fail = async (why: string, fix: string): Promise<StartResult> => {
    await service.stop();
    return { ok: false, failure: { why, stderr: await service.stderr(), fix } };
  };
  const now = spec.now ?? (() => performance.now());
  const deadline = now() + spec.readyTimeoutMs;
  for (;;) {
    const exit = service.exited();
    if (exit?.error) {
      return fail(
        exit.error.message,
        `Check adapter.start.command (is \`${spec.command}\` on PATH?)`,
      );
    }
    if (exit) {
      return fail(
        `it ${describeExit(exit)} before ${spec.readyUrl} answered`,
        'Fix the service or adapter.start',
      );
    }
    const answer = await probe(spec.readyUrl);
    if (answer === true) return { ok: true, service };
    if (now() >= deadline) {
      return fail(
        `${spec.readyUrl} did not answer within ${spec.readyTimeoutMs} ms (${answer})`,
        'Fix adapter.start.ready_url or raise adapter.start.ready_timeout_ms',
      );
    }
    await Promise.race([sleep(POLL_MS), service.ended]);
  }
}

/** `exited with code 3` or `was killed by SIGKILL`. */
export function describeExit(exit: ServiceExit): string {
  if (exit.error) return `could not be started (${exit.error.message})`;
  return exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
}

function spawnService(spec: ServiceSpec): ServiceProcess {
  const child = spawn(spec.command, [...spec.args], {
    cwd: spec.cwd,
    env: { ...process.env, ...spec.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_KEEP);
  });
  const stderrClosed = new Promise<void>((done) =>
    child.stderr ? child.stderr.once('close', done) : done(),
  );
  const ended = watchExit(child);
  return {
    ...handleOf(child, ended.promise),
    ended: ended.promise,
    exited: ended.value,
    async stderr() {
      // What the service wrote before it ended may still be in the pipe: read it to the end
      // (bounded, in case a grandchild process keeps the pipe open).
      if (ended.value()) await atMost(stderrClosed, STDERR_GRACE_MS);
      return stderr;
    },
  };
}

function watchExit(child: ChildProcess) {
  let exit: ServiceExit | undefined;
  const promise = new Promise<ServiceExit>((resolve) => {
    child.once('error', (error) => {
      exit = { code: null, signal: null, error };
      resolve(exit);
    });
    child.once('exit', (code, signal) => {
      exit ??= { code, signal };
      resolve(exit);
    });
  });
  return { promise, value: () => exit };
}

function handleOf(child: ChildProcess, ended: Promise<ServiceExit>) {
  // A safety net: if Baton exits without teardown, do not leave the service running.
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  // A service that exits by itself needs no net (a run may restart one many times).
  void ended.then(() => process.off('exit', kill));
  let stopping: Promise<void> | undefined;
  return {
    pid: child.pid,
    stop(graceMs = 3000) {
      stopping ??= (async () => {
        process.off('exit', kill);
        if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await ended;
        clearTimeout(timer);
      })();
      return stopping;
    },
  };
}

/** True when the URL answered below 500; otherwise what went wrong, for the message. */
async function probe(url: string): Promise<true | string> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await res.body?.cancel();
    return res.status < 500 ? true : `last answer ${res.status}`;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return cause ?? (error instanceof Error ? error.message : String(error));
  }
}

/** Waits for `event`, or `ms` at most; the timer does not outlive the wait. */
export async function atMost(event: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((done) => {
    timer = setTimeout(done, ms);
  });
  await Promise.race([event, late]);
  clearTimeout(timer);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
