import { withMessage } from '../checks/describe-finding.ts';
import type { CaseRun } from '../metrics/case-run.ts';
import { CaseTimeoutError } from './with-timeout.ts';

export interface RunError {
  readonly code:
    | 'adapter.timeout'
    | 'adapter.threw'
    | 'adapter.unhandled'
    | 'adapter.exit'
    | 'adapter.crashed';
  readonly message: string;
}

/** An error that already says, for the report, how the case run broke (an isolate's fault). */
export class CaseRunError extends Error {
  override readonly name = 'CaseRunError';
  constructor(readonly runError: RunError) {
    super(runError.message);
  }
}

/** Turns whatever an adapter threw into a short, stack-free description. */
export function describeRunError(error: unknown): RunError {
  if (error instanceof CaseRunError) return error.runError;
  if (error instanceof CaseTimeoutError) return { code: 'adapter.timeout', message: error.message };
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { code: 'adapter.threw', message: `the adapter threw ${message}` };
}

/** A run that ended in an error: no verdict on the implementation, one `case.error` finding. */
export function caseErrorRun(error: RunError, durationMs: number): CaseRun {
  const finding = withMessage({
    check: 'runner',
    code: 'case.error',
    outcome: 'error',
    expected: null,
    observed: error,
    spanIds: [],
  });
  return {
    status: 'error',
    findings: [finding],
    handoffs: [],
    opportunities: { 'case.error': 1 },
    targets: [],
    durationMs,
    error,
  };
}
