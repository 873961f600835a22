import * as fc from 'fast-check';
import { UnsupportedSchemaError } from './unsupported-schema-error.ts';

const PROBE_RUNS = 100;
const MIN_PASS_RATE = 0.05;

/** The share of values (drawn with a fixed seed, so builds stay deterministic) that pass. */
export function passRate<T>(arb: fc.Arbitrary<T>, predicate: (value: T) => boolean): number {
  const probe = fc.sample(arb, { numRuns: PROBE_RUNS, seed: 0x5eed });
  return probe.filter(predicate).length / PROBE_RUNS;
}

/**
 * `arb.filter(predicate)`, after checking that the predicate passes often enough: a filter that
 * never passes would hang fast-check instead of failing.
 */
export function guardedFilter<T>(
  arb: fc.Arbitrary<T>,
  predicate: (value: T) => boolean,
  construct: string,
  path: string,
): fc.Arbitrary<T> {
  if (passRate(arb, predicate) < MIN_PASS_RATE) {
    throw new UnsupportedSchemaError(
      construct,
      path,
      `is met by fewer than ${MIN_PASS_RATE * 100}% of generated values`,
      'Loosen or simplify the constraint, e.g. fold the length bounds into the regex.',
    );
  }
  return arb.filter(predicate);
}
