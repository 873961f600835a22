import { withMessage } from '../checks/describe-finding.ts';
import { CaseRunError, explainsItself, type RunError } from '../errors.ts';
import { thrownAt } from '../io/user-frame.ts';
import type { CaseRun } from '../metrics/case-run.ts';
import { describeThrown } from '../thrown.ts';
import { StrayErrorsSeen } from './stray-errors.ts';
import { CaseTimeoutError } from './with-timeout.ts';

// Defined beside BatonError so adapters can throw them without importing the runner.
export { CaseRunError, type RunError } from '../errors.ts';

/**
 * Turns whatever an adapter threw into a short, stack-free description. A BatonError's or a
 * scripted model's message already says what broke and how to fix it, so it is shown as it is,
 * without its class name.
 */
export function describeRunError(error: unknown): RunError {
  if (error instanceof CaseRunError) return error.runError;
  if (error instanceof StrayErrorsSeen) return strayError(error);
  if (isTimeout(error)) return { code: 'adapter.timeout', message: error.message };
  if (explainsItself(error))
    return { code: 'adapter.threw', message: describeThrown(error.message) };
  return {
    code: 'adapter.threw',
    message: `the adapter threw ${describeThrown(error)}${thrownAt(error)}`,
  };
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

const STRAY_WORDS = {
  unhandled_rejection: 'left a promise rejection unhandled',
  uncaught_exception: 'threw outside the adapter (a timer or callback)',
  exit: 'tried to end the process',
} as const;

function strayError(seen: StrayErrorsSeen): RunError {
  const [first] = seen.all;
  const count = seen.all.length;
  const more = count > 1 ? ` (and ${count - 1} more escaped error(s))` : '';
  if (first.kind === 'exit') {
    return {
      code: 'adapter.exit',
      message: `${first.message}; Baton kept running and failed this case instead${more}`,
    };
  }
  return {
    code: 'adapter.unhandled',
    message: `the implementation ${STRAY_WORDS[first.kind]}: ${first.message}${more}`,
  };
}
