/**
 * One error base with a stable code. Messages read "Failed to <verb> <thing>: <why>. <fix>."
 * The CLI prints `message` (never a stack) and exits 2 for these; thrown from an adapter's
 * `runCase`, one errors its case, whose report shows the message as it is (no class name).
 */
export type BatonErrorCode =
  | 'case.invalid'
  | 'case.yaml'
  | 'suite.invalid'
  | 'suite.yaml'
  | 'suite.no_cases'
  | 'file.not_found'
  | 'file.unreadable'
  | 'adapter.load'
  | 'adapter.options'
  | 'adapter.run'
  | 'report.merge'
  | 'usage';

/**
 * Why one case run broke without a verdict (our side or the adapter's, never a `fail`): the
 * runner reports the case as `error` with this code and message and runs the other cases.
 */
export type RunErrorCode =
  | 'adapter.timeout'
  | 'adapter.threw'
  | 'adapter.unhandled'
  | 'adapter.exit'
  | 'adapter.crashed'
  | 'adapter.request'
  | 'adapter.service_exit'
  | 'case.fault_unreachable';

export interface RunError {
  readonly code: RunErrorCode;
  readonly message: string;
}

/** Thrown by an adapter whose error already says, for the report, how the case run broke. */
export class CaseRunError extends Error {
  override readonly name = 'CaseRunError';
  constructor(readonly runError: RunError) {
    super(runError.message);
  }
}

/** Where in a file a problem is (1-based line and column). */
export interface FilePosition {
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
}

/** A single problem in a user file, with how to fix it. */
export interface FileProblem extends FilePosition {
  readonly path: string;
  readonly message: string;
  readonly fix?: string;
  /** In a file of many cases (a YAML stream, JSON lines): the line where the broken case starts. */
  readonly caseAt?: number;
}

export class BatonError extends Error {
  override readonly name = 'BatonError';
  constructor(
    readonly code: BatonErrorCode,
    message: string,
    readonly problems: readonly FileProblem[] = [],
  ) {
    super(message);
  }
}

/**
 * True for an error of Baton's own whose message says what is wrong and what to change: a
 * BatonError, or a scripted model's (the app may import another copy of Baton, so it is known by
 * its name). Its class name is no part of what happened and is left out of what a user reads.
 */
export function explainsItself(error: unknown): error is Error {
  try {
    return (
      error instanceof BatonError ||
      (error instanceof Error &&
        error.name === 'ScriptedModelError' &&
        typeof error.message === 'string')
    );
  } catch {
    return false;
  }
}

/** `file:line:col` for messages; line and column are left out when unknown. */
export function formatPosition(p: FilePosition): string {
  if (p.line === undefined) return p.file;
  return p.column === undefined ? `${p.file}:${p.line}` : `${p.file}:${p.line}:${p.column}`;
}

/** One line per problem: `file:line:col: path: message. Fix: ...` */
export function formatProblem(p: FileProblem): string {
  const where = p.path ? ` ${p.path}:` : '';
  const fix = p.fix ? ` Fix: ${p.fix}` : '';
  return `${formatPosition(p)}:${where} ${p.message}.${fix}`;
}
