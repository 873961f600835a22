import { BatonError, type FileProblem, formatProblem } from '../errors.ts';
import { terminalText } from '../report/terminal-text.ts';
import type { CliIo } from './io.ts';

/** Prints each problem on one line: `file:line:col: path: message. Fix: ...` */
export function printProblems(io: CliIo, problems: readonly FileProblem[]): void {
  // Problems quote what a file holds: escape it, so a file cannot drive the terminal.
  for (const p of problems) io.stderr(`${terminalText(formatProblem(p))}\n`);
}

/** Prints a Baton error (never a stack) and its problems. */
export function printError(io: CliIo, error: BatonError): void {
  io.stderr(`baton: ${terminalText(error.message, true)}\n`);
  printProblems(io, error.problems);
}

/** True for errors Baton raised on purpose about user input. */
export function isBatonError(error: unknown): error is BatonError {
  return error instanceof BatonError;
}
