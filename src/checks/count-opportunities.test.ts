import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FINDING_CODES } from '../model/finding.ts';
import type { Labels } from '../model/labelled-case.ts';
import type { Opportunities } from './check.ts';
import { countOpportunities, type EnabledCheck } from './registry.ts';

const code = fc.constantFrom(...FINDING_CODES.slice(0, 6));
const counts = fc.dictionary(code, fc.nat(2), { maxKeys: 4 }) as fc.Arbitrary<Opportunities>;

function checksGiving(all: readonly Opportunities[]): EnabledCheck[] {
  return all.map((o, i) => ({ name: `c${i}`, run: () => [], opportunities: () => o }));
}

/** Each code's sum over the checks, in the order the codes first come, zeros included. */
function summed(all: readonly Opportunities[]): [string, number][] {
  const total = new Map<string, number>();
  for (const o of all)
    for (const [k, n] of Object.entries(o)) total.set(k, (total.get(k) ?? 0) + (n ?? 0));
  return [...total];
}

describe('countOpportunities', () => {
  it('sums each code over the checks in first-come order, leaving out codes with none', () => {
    fc.assert(
      fc.property(fc.array(counts, { maxLength: 5 }), (all) => {
        const out = countOpportunities(checksGiving(all), { events: [] }, {} as Labels);
        const positive = Object.entries(out).filter(([, n]) => (n ?? 0) > 0);
        // Readers skip zeros: what they read, in order, is what summing every code gives.
        expect(positive).toEqual(summed(all).filter(([, n]) => n > 0));
      }),
    );
  });
});
