import * as fc from 'fast-check';
import { z } from 'zod';
import type { Rule } from '../types.ts';
import { mutation, without } from './mutation.ts';

const CODE = 'decisions.recorded';

/**
 * `decisions` and `rejected`: the provenance of the work. A reviewer who sees why the obvious
 * alternative was turned down judges the result, instead of re-proposing it.
 */
export function decisionsRecorded(): Rule {
  return {
    code: CODE,
    description: '`decisions` and `rejected`: arrays of strings, both present (empty is fine)',
    fields: { decisions: z.array(z.string()), rejected: z.array(z.string()) },
    mutations: ['rejected', 'decisions'].map((field) =>
      mutation({
        name: `decisions.${field}_dropped`,
        rule: CODE,
        fields: [field],
        make: (valid) => fc.constant(without(valid, field)),
      }),
    ),
  };
}
