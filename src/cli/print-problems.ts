import { BatonError, type FileProblem, formatProblem } from '../errors.ts';
import type { CliIo } from './io.ts';

/** Prints each problem on one line: `file:line:col: path: message. Fix: ...` */
export function printProblems(io: CliIo, problems: readonly FileProblem[]): void {
  for (const p of problems) io.stderr(`${formatProblem(p)}\n`);
}

/** Prints a Baton error (never a stack) and its problems. */
export function printError(io: CliIo, error: BatonError): void {
  io.stderr(`baton: ${error.message}\n`);
  printProblems(io, error.problems);
}

/** True for errors Baton raised on purpose about user input. */
export function isBatonError(error: unknown): error is BatonError {
  return error instanceof BatonError;
}
