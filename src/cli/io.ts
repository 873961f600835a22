/** Where the CLI writes; tests pass their own to read what a user would see. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly cwd: string;
  /** Colour on: a terminal, and neither NO_COLOR nor --no-color. */
  readonly color: boolean;
}

export function processIo(): CliIo {
  const color =
    Boolean(process.stdout.isTTY) && !process.env.NO_COLOR && process.env.TERM !== 'dumb';
  return {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    cwd: process.cwd(),
    color,
  };
}

/**
 * Exit codes: 0 every gate passed; 1 a gate failed (or an implementation let an error escape);
 * 2 usage, file or write errors; 3 no verdict: the run was interrupted by a signal (a partial
 * report is written) or Baton itself failed.
 */
export const EXIT = { ok: 0, gateFailed: 1, usage: 2, noVerdict: 3 } as const;
