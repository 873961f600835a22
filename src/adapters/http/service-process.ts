import { type ChildProcess, spawn } from 'node:child_process';
import { BatonError } from '../../errors.ts';

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

/** A service Baton started; `stop()` ends it (SIGTERM, then SIGKILL after `graceMs`). */
export interface ServiceProcess {
  readonly pid: number | undefined;
  stop(graceMs?: number): Promise<void>;
}

const STDERR_KEEP = 8 * 1024;
const POLL_MS = 50;
const STDERR_GRACE_MS = 5000;

/**
 * Starts the service and resolves once `readyUrl` answers with any status below 500. If the
 * process cannot start, exits first, or does not answer in time, it is stopped and a BatonError
 * names the command, its exit code and the last lines of its stderr.
 */
export async function startService(spec: ServiceSpec): Promise<ServiceProcess> {
  const shown = [spec.command, ...spec.args].join(' ').replace(/\s+/g, ' ');
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
  const service = handleOf(child, ended.promise);
  const fail = async (why: string, fix: string): Promise<never> => {
    await service.stop();
    // What the service wrote before it stopped may still be in the pipe: read it to the end
    // (bounded, in case a grandchild process keeps the pipe open).
    await Promise.race([stderrClosed, sleep(STDERR_GRACE_MS)]);
    throw new BatonError(
      'adapter.load',
      `Failed to start the service \`${shown}\`: ${why}. ${describeStderr(stderr)} ${fix} in ${spec.suite}.`,
    );
  };
  const now = spec.now ?? (() => performance.now());
  const deadline = now() + spec.readyTimeoutMs;
  let lastProblem = 'no answer yet';
  for (;;) {
    const exit = ended.value();
    if (exit?.error) {
      return fail(
        exit.error.message,
        `Check adapter.start.command (is \`${spec.command}\` on PATH?)`,
      );
    }
    if (exit) {
      const how = exit.signal
        ? `it was killed by ${exit.signal}`
        : `it exited with code ${exit.code}`;
      return fail(`${how} before ${spec.readyUrl} answered`, 'Fix the service or adapter.start');
    }
    const answer = await probe(spec.readyUrl);
    if (answer === true) return service;
    lastProblem = answer;
    if (now() >= deadline) {
      return fail(
        `${spec.readyUrl} did not answer within ${spec.readyTimeoutMs} ms (${lastProblem})`,
        'Fix adapter.start.ready_url or raise adapter.start.ready_timeout_ms',
      );
    }
    await Promise.race([sleep(POLL_MS), ended.promise]);
  }
}

interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly error?: Error;
}

function watchExit(child: ChildProcess) {
  let exit: Exit | undefined;
  const promise = new Promise<Exit>((resolve) => {
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

function handleOf(child: ChildProcess, ended: Promise<Exit>): ServiceProcess {
  // A safety net: if Baton exits without teardown, do not leave the service running.
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
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

/**
 * The last meaningful lines of stderr on one line: stack frames and Node's version banner are
 * left out, so a crash shows its message, not a trace.
 */
export function describeStderr(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !/^at\s/.test(l) && !/^Node\.js v/.test(l) && !/^\^+$/.test(l));
  if (lines.length === 0) return 'It wrote nothing to stderr.';
  const tail = lines.slice(-3).join(' | ');
  return `Its stderr ended with: ${tail.length > 400 ? `…${tail.slice(-400)}` : tail}.`;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
