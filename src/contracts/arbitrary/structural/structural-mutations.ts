import type { z } from 'zod';
import type { Mutation } from '../../types.ts';
import { inputJsonSchema } from '../to-input-json-schema.ts';
import { UnsupportedSchemaError } from '../unsupported-schema-error.ts';
import { fieldMutations } from './field-mutations.ts';
import { shapeMutations } from './shape-mutations.ts';
import { collectSites } from './sites.ts';

const cache = new WeakMap<z.ZodType, Mutation[]>();

/**
 * Generic breaks of an object schema (a contract's envelope), rule `structure`: drop_required,
 * wrong_type, numeric_string, null_field, extra_field, over_max_length, array_too_short. They
 * reach nested objects too (`fields: ['customer.id']`); a mutation the schema gives no chance to
 * apply is left out. Derived once per schema object.
 */
export function structuralMutations(schema: z.ZodType): Mutation[] {
  const cached = cache.get(schema);
  if (cached) return [...cached];
  const root = inputJsonSchema(schema);
  const sites = collectSites(root);
  if (!sites) {
    throw new UnsupportedSchemaError(
      'a non-object schema',
      '#',
      'has no fields to break',
      'Structural mutations need an object schema for the envelope (z.strictObject({…})).',
    );
  }
  const mutations = [
    ...fieldMutations(sites.fields, root),
    ...shapeMutations(sites.fields, sites.objects, root),
  ];
  cache.set(schema, mutations);
  return [...mutations];
}
