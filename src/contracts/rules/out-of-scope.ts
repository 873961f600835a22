import * as fc from 'fast-check';
import { z } from 'zod';
import type { Rule } from '../types.ts';
import { mutation, without } from './mutation.ts';

const CODE = 'out_of_scope.present';

/**
 * `out_of_scope`: what the receiver must not do. It may be empty, but it must be there: an
 * explicit "nothing is excluded" is a decision, a missing list is an omission.
 */
export function outOfScope(): Rule {
  return {
    code: CODE,
    description: '`out_of_scope`: an array of strings (empty is fine, absent is not)',
    fields: { out_of_scope: z.array(z.string()) },
    mutations: [
      mutation({
        name: 'out_of_scope.dropped',
        rule: CODE,
        fields: ['out_of_scope'],
        make: (valid) => fc.constant(without(valid, 'out_of_scope')),
      }),
    ],
  };
}
