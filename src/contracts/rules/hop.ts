import * as fc from 'fast-check';
import { z } from 'zod';
import type { Rule } from '../types.ts';
import { mutation, withField } from './mutation.ts';
import { wholeNumber } from './options.ts';

const CODE = 'hop.capped';

export interface HopOptions {
  /** The hop count an envelope must stay below (default 4). */
  readonly cap?: number | undefined;
}

/**
 * `hop`: how many times the work has been handed on, below `cap`. Two agents that keep
 * rejecting each other loop forever unless the envelope counts the hops.
 */
export function hopCapped({ cap = 4 }: HopOptions = {}): Rule {
  wholeNumber(CODE, 'cap', cap, 1);
  const expected = `a whole number from 0 to ${cap - 1} (the hop cap is ${cap})`;
  const message = { error: expected };
  return {
    code: CODE,
    description: `\`hop\`: ${expected}`,
    fields: {
      hop: z
        .number(message)
        .int(message)
        .min(0, message)
        .max(cap - 1, message),
    },
    mutations: [
      mutation({
        name: 'hop.at_cap',
        rule: CODE,
        fields: ['hop'],
        make: (valid) => fc.constant(withField(valid, 'hop', cap)),
      }),
      mutation({
        name: 'hop.negative',
        rule: CODE,
        fields: ['hop'],
        make: (valid) =>
          fc.integer({ min: -100, max: -1 }).map((hop) => withField(valid, 'hop', hop)),
      }),
      mutation({
        name: 'hop.as_string',
        rule: CODE,
        fields: ['hop'],
        // A receiver that reads "2" as 2 coerces silently; that is a worse bug than laxness.
        coercion: true,
        applies: (valid) => typeof valid.hop === 'number',
        make: (valid) => fc.constant(withField(valid, 'hop', String(valid.hop))),
      }),
    ],
  };
}
