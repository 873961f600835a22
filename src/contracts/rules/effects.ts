import * as fc from 'fast-check';
import { z } from 'zod';
import type { Envelope, Rule } from '../types.ts';
import { arrayAt, isRecord, mutation } from './mutation.ts';

const CODE = 'effects.owned';
const OWNER = { error: 'a named owner (the agent that performs the effect)' };

/**
 * `effects`: each side effect (an email, a charge) with its idempotency key and a named owner.
 * Without an owner both agents may believe they must do it, and the customer is charged twice.
 */
export function effectOwners(): Rule {
  return {
    code: CODE,
    description: '`effects`: an array of { effect, key, owner }, each with a named owner',
    fields: {
      effects: z.array(
        z.object({
          effect: z.string().min(1),
          key: z.string().min(1),
          owner: z.string(OWNER).min(1, OWNER),
        }),
      ),
    },
    mutations: [
      mutation({
        name: 'effects.unowned',
        rule: CODE,
        fields: ['effects'],
        make: (valid) =>
          fc
            .tuple(fc.nat({ max: Math.max(0, arrayAt(valid, 'effects').length - 1) }), fc.boolean())
            .map(([index, blank]) => disown(valid, index, blank)),
      }),
    ],
  };
}

// Drops the owner of one effect (or blanks it); adds an effect when there is none to break.
function disown(valid: Envelope, index: number, blank: boolean): Envelope {
  const effects = [...arrayAt(valid, 'effects')];
  const current = effects[index];
  const effect = isRecord(current) ? current : { effect: 'send_email', key: 'effect-1' };
  const { owner: _owner, ...rest } = effect;
  const broken = blank ? { ...rest, owner: '' } : rest;
  if (index < effects.length) effects[index] = broken;
  else effects.push(broken);
  return { ...valid, effects };
}
