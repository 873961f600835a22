import { z } from 'zod';

const GuardrailName = z
  .string()
  .min(1)
  .describe('The guardrail’s name as the app gives it (the SDK reports it), or `any`.');
const StepIndex = z.number().int().min(0);

/**
 * `expect.guardrail`: a guardrail the case means to trip (an abusive message the input guardrail
 * must stop), by name or `any`, optionally at a step or in a window of steps (`{ at: 2 }` is any
 * guardrail at step 2).
 */
export const GuardrailInput = z.union([
  GuardrailName,
  z
    .strictObject({
      name: GuardrailName.optional().describe('The guardrail (default: any).'),
      at: StepIndex.optional().describe('The step (from 0) at which it must trip.'),
      window: z
        .tuple([StepIndex, StepIndex])
        .optional()
        .describe('First and last step (inclusive) where it may trip.'),
    })
    .refine((g) => g.at === undefined || g.window === undefined, {
      message: 'give at most one of `at: <step>` or `window: [first, last]`',
    })
    .refine((g) => g.window === undefined || g.window[0] <= g.window[1], {
      message: 'window must be [first, last] with first <= last',
      path: ['window'],
    }),
]);
