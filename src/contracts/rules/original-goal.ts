import * as fc from 'fast-check';
import { z } from 'zod';
import type { ContractIssue, Envelope, Rule } from '../types.ts';
import { mutation, withField, without } from './mutation.ts';

const CODE = 'goal.original_kept';
const EXPECTED = 'the goal as it was before narrowing, different from `goal`';

/**
 * `original_goal` beside a narrowed `goal` (`goal_narrowed: true`): narrowing can quietly change
 * the task, and only the original lets the receiver notice.
 */
export function originalGoal(): Rule {
  return {
    code: CODE,
    description:
      '`original_goal`: present and different from `goal` whenever `goal_narrowed` is true',
    fields: {
      goal_narrowed: z.boolean().optional(),
      original_goal: z.string().min(1).optional(),
    },
    check: (envelope) => judge(envelope),
    satisfy: (envelope) => (judge(envelope).length === 0 ? envelope : keepOriginal(envelope)),
    mutations: [
      mutation({
        name: 'goal.narrowed_without_original',
        rule: CODE,
        fields: ['original_goal'],
        make: (valid) =>
          fc.constant(withField(without(valid, 'original_goal'), 'goal_narrowed', true)),
      }),
      mutation({
        name: 'goal.original_same_as_goal',
        rule: CODE,
        fields: ['original_goal'],
        applies: (valid) => typeof valid.goal === 'string' && valid.goal !== '',
        make: (valid) => fc.constant({ ...valid, goal_narrowed: true, original_goal: valid.goal }),
      }),
    ],
  };
}

function judge(envelope: Envelope): ContractIssue[] {
  if (envelope.goal_narrowed !== true) return [];
  const original = envelope.original_goal;
  const path = ['original_goal'];
  if (original === undefined) {
    return [{ rule: CODE, path, expected: EXPECTED, received: 'no field' }];
  }
  if (original === envelope.goal) {
    return [{ rule: CODE, path, expected: EXPECTED, received: 'the same text as `goal`' }];
  }
  return [];
}

// A generated narrowed envelope needs an original that differs from the goal it carries.
function keepOriginal(envelope: Envelope): Envelope {
  const goal = envelope.goal;
  const original =
    typeof goal === 'string' ? `${goal} (before narrowing)` : 'the goal before narrowing';
  return withField(envelope, 'original_goal', original);
}
