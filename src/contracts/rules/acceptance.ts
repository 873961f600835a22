import * as fc from 'fast-check';
import { z } from 'zod';
import type { Rule } from '../types.ts';
import { mutation, withField } from './mutation.ts';
import { wholeNumber } from './options.ts';
import { plural } from './wording.ts';

const CODE = 'acceptance.present';

export interface AcceptanceOptions {
  /** Fewest acceptance criteria (default 1). */
  readonly min?: number | undefined;
}

/** `acceptance`: the criteria that say when the receiver is done, so "done" is not guessed. */
export function acceptancePresent({ min = 1 }: AcceptanceOptions = {}): Rule {
  wholeNumber(CODE, 'min', min, 0);
  return {
    code: CODE,
    description: `\`acceptance\`: an array of at least ${plural(min, 'non-empty string')}`,
    fields: { acceptance: z.array(z.string().min(1)).min(min) },
    mutations: [
      mutation({
        name: 'acceptance.empty',
        rule: CODE,
        fields: ['acceptance'],
        // An empty list only breaks the rule when at least one criterion is required.
        applies: () => min >= 1,
        make: (valid) => fc.constant(withField(valid, 'acceptance', [])),
      }),
    ],
  };
}
