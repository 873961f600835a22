import type { Case } from '../model/labelled-case.ts';
import type { CaseContext } from './adapter.ts';

/** What every implementation is told about a case, whatever the adapter: never its labels. */
export interface CaseBasics {
  readonly id: string;
  /** The participant that receives the first step. */
  readonly entry: string;
  readonly agents: readonly string[];
  readonly persons: readonly string[];
  readonly repeat: number;
  /** Aborted when the case times out; made on first read. */
  readonly signal: AbortSignal;
}

/**
 * The basics of one case run, with `signal` read lazily from the context (an AbortController per
 * case is measurable). Add adapter-specific fields with `Object.assign`, never a spread, which
 * would read the signal.
 */
export function caseBasics(testCase: Case, ctx: CaseContext): CaseBasics {
  return {
    id: testCase.id,
    entry: testCase.entry,
    agents: testCase.agents,
    persons: testCase.persons,
    repeat: ctx.repeat,
    get signal() {
      return ctx.signal;
    },
  };
}
