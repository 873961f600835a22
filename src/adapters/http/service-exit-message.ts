import type { RunError } from '../../errors.ts';
import { describeExit, type ServiceExit, type StartFailure } from './service-process.ts';
import { stderrExcerpt } from './stderr-excerpt.ts';

/** Where a case was when the service ended: in a step's request, or before sending the step. */
export interface ExitMoment {
  readonly step: number;
  readonly during: boolean;
  /** The request in flight (`POST http://…/turn`), when `during`. */
  readonly request?: string;
  /** Other cases whose requests were unanswered when it exited (any of them may have caused it). */
  readonly others: readonly string[];
}

/** The case and step a service exited during, for the cases that come after. */
export interface Blame {
  readonly caseId: string;
  readonly step: number;
}

const SHOWN_CASES = 3;

/** The error of the case whose service exited under it. */
export function exitedError(exit: ServiceExit, stderr: string, at: ExitMoment): RunError {
  const when = at.during
    ? `during step ${at.step}${at.request ? ` (${at.request})` : ''}`
    : `before step ${at.step} of this case`;
  const fix =
    at.others.length === 0
      ? 'make the service survive this step'
      : 'run with `--concurrency 1` to see which step it exits on, and make the service survive it';
  return {
    code: 'adapter.service_exit',
    message: `the service ${describeExit(exit)} ${when}${alsoInFlight(at.others)}; ${stderrClause(stderr)}. Fix: ${fix}; Baton starts it again for the next case`,
  };
}

function alsoInFlight(others: readonly string[]): string {
  if (others.length === 0) return '';
  const names = others.slice(0, SHOWN_CASES).join(', ');
  const more = others.length > SHOWN_CASES ? ` and ${others.length - SHOWN_CASES} more` : '';
  const cases = others.length === 1 ? 'case' : 'cases';
  return `, while requests of ${others.length} other ${cases} were in flight too (${names}${more})`;
}

/** The error of every case after a service that exited could not be started again. */
export function goneError(
  exit: ServiceExit,
  blame: Blame | undefined,
  restart: StartFailure,
): RunError {
  const when = blame ? ` during step ${blame.step} of case ${blame.caseId}` : ' between requests';
  return {
    code: 'adapter.service_exit',
    message: `the service is no longer running: it ${describeExit(exit)}${when}, and starting it again failed: ${restart.why}; ${stderrClause(restart.stderr)}. Fix: make the service survive every step and start again after it exits`,
  };
}

function stderrClause(stderr: string): string {
  const excerpt = stderrExcerpt(stderr);
  return excerpt === undefined ? 'it wrote nothing to stderr' : `its stderr ended with: ${excerpt}`;
}
