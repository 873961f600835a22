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
 * `signal`, read from the context when first asked for: one getter for every case's basics. A
 * getter written in an object literal is a new function each time, and V8 gave each such object
 * a hidden class of its own, linked to the one before, which kept each case's garbage alive
 * into the next case's.
 */
const SIGNAL: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: { readonly [CONTEXT]: CaseContext }) {
    return this[CONTEXT].signal;
  },
};

/**
 * `target` with a `signal` field read lazily from the case's context (an AbortController per
 * case is measurable), as an own, enumerable field, so that a spread copies it.
 */
export function withLazySignal<T extends object>(
  target: T,
  ctx: CaseContext,
): T & { readonly signal: AbortSignal } {
  Object.defineProperty(target, CONTEXT, { value: ctx });
  return Object.defineProperty(target, 'signal', SIGNAL) as T & { readonly signal: AbortSignal };
}

/**
 * The basics of one case run, with `signal` read lazily from the context. Add adapter-specific
 * fields with `Object.assign`, never a spread, which would read the signal.
 */
export function caseBasics(testCase: Case, ctx: CaseContext): CaseBasics {
  return withLazySignal(
    {
      id: testCase.id,
      entry: testCase.entry,
      agents: testCase.agents,
      persons: testCase.persons,
      repeat: ctx.repeat,
    },
    ctx,
  );
}
