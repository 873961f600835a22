import { DEFAULT_REDACTION } from '../redact/redaction.ts';

/** Where the CLI writes; tests pass their own to read what a user would see. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly cwd: string;
  /** Colour on: a terminal, and neither NO_COLOR nor --no-color. */
  readonly color: boolean;
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
  };
}

/** Exit codes: 0 all gates pass, 1 a gate failed, 2 usage or file errors. */
export const EXIT = { ok: 0, gateFailed: 1, usage: 2 } as const;
