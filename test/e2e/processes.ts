import { type ChildProcess, spawn } from 'node:child_process';
import { CLI, REPO } from './helpers.ts';

/** A long-running process a test started: its output so far, and its exit. */
export interface Running {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** The exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>;
  /** Resolves with the first match of `pattern` in stdout; rejects if the process exits first. */
  waitFor(pattern: RegExp): Promise<RegExpMatchArray>;
}

/** Starts `node <args>` from the repository root, with NO_COLOR and the given environment. */
export function startNode(args: readonly string[], env: NodeJS.ProcessEnv = {}): Running {
  const child = spawn(process.execPath, [...args], {
    cwd: REPO,
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (t: string) => {
    out += t;
  });
  child.stderr?.setEncoding('utf8').on('data', (t: string) => {
    err += t;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const m = pattern.exec(out);
          if (!m) return false;
          child.stdout?.off('data', check);
          resolve(m);
          return true;
        };
        if (check()) return;
        child.stdout?.on('data', check);
        void exited.then((code) => {
          if (!check())
            reject(new Error(`exited ${code} before printing ${pattern}:\n${out}\n${err}`));
        });
      }),
  };
}

/** `baton shadow <args>` started in the background; resolves once it is receiving. */
export async function startShadow(args: readonly string[], env: NodeJS.ProcessEnv = {}) {
  const shadow = startNode([...CLI, 'shadow', ...args], env);
  const [, endpoint] = await shadow.waitFor(/receiving OTLP\/HTTP at (http:\/\/\S+)\/v1\/traces/);
  return { shadow, endpoint: endpoint as string };
}
