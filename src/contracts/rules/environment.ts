import * as fc from 'fast-check';
import { z } from 'zod';
import type { Rule } from '../types.ts';
import { mutation, without } from './mutation.ts';
import { fieldName } from './options.ts';

const CODE = 'environment.present';
const HANDLE = { error: "a handle to the sender's environment, such as a sandbox id" };

export interface EnvironmentOptions {
  /** The field that carries the handle (default `environment`; e.g. `sandbox_id`). */
  readonly field?: string | undefined;
}

/**
 * A handle to the sender's environment (a sandbox id, a workspace): the receiver should stand
 * where the sender stood, not rebuild it from a description and drift.
 */
export function environmentPresent({ field = 'environment' }: EnvironmentOptions = {}): Rule {
  fieldName(CODE, field);
  return {
    code: CODE,
    description: `\`${field}\`: a non-empty handle to the sender's environment (e.g. a sandbox id)`,
    fields: { [field]: z.string(HANDLE).min(1, HANDLE) },
    mutations: [
      mutation({
        name: 'environment.dropped',
        rule: CODE,
        fields: [field],
        make: (valid) => fc.constant(without(valid, field)),
      }),
    ],
  };
}
