import * as fc from 'fast-check';
import { z } from 'zod';
import type { Rule } from '../types.ts';
import { mutation, withField } from './mutation.ts';
import { fieldName } from './options.ts';
import { describeValue } from './wording.ts';

const CODE = 'addressee.matches';

export interface AddresseeOptions {
  /** The field that names the intended receiver (default `to`). */
  readonly field?: string | undefined;
}

/**
 * The envelope names the receiver that got it. A mismatch means it was routed wrong, or built for
 * someone else and reused: either way the receiver is working on another agent's task.
 */
export function addresseeMatches({ field = 'to' }: AddresseeOptions = {}): Rule {
  fieldName(CODE, field);
  return {
    code: CODE,
    description: `\`${field}\`: the name of the receiver that gets the envelope`,
    fields: { [field]: z.string().min(1) },
    check: (envelope, ctx) => {
      const named = envelope[field];
      // Only a well-typed name can be compared; the schema reports the rest.
      if (typeof named !== 'string' || named === '' || named === ctx.to) return [];
      const expected = `${JSON.stringify(ctx.to)}, the receiver that got it`;
      return [{ rule: CODE, path: [field], expected, received: describeValue(named) }];
    },
    satisfy: (envelope, ctx) => withField(envelope, field, ctx.to),
    mutations: [
      mutation({
        name: 'addressee.other_receiver',
        rule: CODE,
        fields: [field],
        make: (valid, ctx) =>
          fc
            .constantFrom('billing', 'refunds', 'reviewer', 'supervisor')
            .map((other) => (other === ctx.to ? `${other}_2` : other))
            .map((other) => withField(valid, field, other)),
      }),
    ],
  };
}
