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

// Where a case's basics find its context: not enumerable, so a spread of the basics leaves it.
const CONTEXT = Symbol('case context');

/**
 * `signal`, read from the context when first asked for: one getter for every case's basics, not
 * a getter in an object literal (test/style/no-literal-accessors.test.ts says why).
 */
const SIGNAL: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: { readonly [CONTEXT]: CaseContext }) {
    return this[CONTEXT].signal;
  },
};

/**
 * The basics of one case run, with `signal` read lazily from the context (an AbortController per
 * case is measurable) as an own, enumerable field. Add adapter-specific fields with
 * `Object.assign`, never a spread, which would read the signal.
 */
export function caseBasics(testCase: Case, ctx: CaseContext): CaseBasics {
  const basics = {
    id: testCase.id,
    entry: testCase.entry,
    agents: testCase.agents,
    persons: testCase.persons,
    repeat: ctx.repeat,
  };
  Object.defineProperty(basics, CONTEXT, { value: ctx });
  return Object.defineProperty(basics, 'signal', SIGNAL) as CaseBasics;
}
