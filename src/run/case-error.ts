import { withMessage } from '../checks/describe-finding.ts';
import type { CaseRun } from '../metrics/case-run.ts';
import { describeThrown } from '../thrown.ts';
import { CaseTimeoutError } from './with-timeout.ts';

export interface RunError {
  readonly code: 'adapter.timeout' | 'adapter.threw';
  readonly message: string;
}

/** Turns whatever an adapter threw into a short, stack-free description. */
export function describeRunError(error: unknown): RunError {
  if (isTimeout(error)) return { code: 'adapter.timeout', message: error.message };
  return { code: 'adapter.threw', message: `the adapter threw ${describeThrown(error)}` };
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

/** `instanceof` itself can throw (a Proxy that refuses getPrototypeOf). */
function isTimeout(error: unknown): error is CaseTimeoutError {
  try {
    return error instanceof CaseTimeoutError;
  } catch {
    return false;
  }
}
