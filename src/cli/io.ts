import { DEFAULT_REDACTION } from '../redact/redaction.ts';

/** Where the CLI writes; tests pass their own to read what a user would see. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly cwd: string;
  /** Colour on: a terminal, and neither NO_COLOR nor --no-color. */
  readonly color: boolean;
  /** The environment (CI, GITHUB_ACTIONS, GITHUB_STEP_SUMMARY…); tests pass their own. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Where a live progress line may go (standard error); none in tests. */
  readonly progress?: NodeJS.WritableStream & { readonly isTTY?: boolean };
  /** `performance.now()` when the command started (0: the process start). */
  readonly startedAt?: number;
}

/** The CLI's own streams: every line it prints passes Baton's redaction first. */
export function processIo(): CliIo {
  const color =
    Boolean(process.stdout.isTTY) && !process.env.NO_COLOR && process.env.TERM !== 'dumb';
  return {
    stdout: (t) => process.stdout.write(DEFAULT_REDACTION.text(t)),
    stderr: (t) => process.stderr.write(DEFAULT_REDACTION.text(t)),
    cwd: process.cwd(),
    color,
    env: process.env,
    progress: process.stderr,
    startedAt: 0,
  };
}

/**
 * Exit codes: 0 every gate passed; 1 a gate failed (or an implementation let an error escape);
 * 2 usage, file or write errors; 3 no verdict: the run was interrupted by a signal (a partial
 * report is written) or Baton itself failed.
 */
export const EXIT = { ok: 0, gateFailed: 1, usage: 2, noVerdict: 3 } as const;
