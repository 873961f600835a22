import * as fc from 'fast-check';
import { z } from 'zod';
import type { Rule } from '../types.ts';
import { longText, mutation, withField } from './mutation.ts';
import { wholeNumber } from './options.ts';

const CODE = 'goal.capped';

export interface GoalOptions {
  /** Most characters the goal may have (default 800). */
  readonly max?: number | undefined;
}

/**
 * `goal`: the intent, as short typed text. The cap is not about tokens: it keeps the sender from
 * writing an essay the receiver skims, and pushes detail into artifacts it can open when needed.
 */
export function goalCapped({ max = 800 }: GoalOptions = {}): Rule {
  wholeNumber(CODE, 'max', max, 1);
  return {
    code: CODE,
    description: `\`goal\`: a non-empty string of at most ${max} characters`,
    fields: { goal: z.string().min(1).max(max) },
    mutations: [
      mutation({
        name: 'goal.empty',
        rule: CODE,
        fields: ['goal'],
        make: (valid) => fc.constant(withField(valid, 'goal', '')),
      }),
      mutation({
        name: 'goal.over_cap',
        rule: CODE,
        fields: ['goal'],
        make: (valid) => longText(max + 1).map((goal) => withField(valid, 'goal', goal)),
      }),
    ],
  };
}
