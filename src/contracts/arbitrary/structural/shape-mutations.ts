import * as fc from 'fast-check';
import type { Mutation } from '../../types.ts';
import { type JsonSchema, numberAt } from '../json-schema.ts';
import { branchOfType } from './json-types.ts';
import { dotted, objectAt, withField } from './paths.ts';
import { siteMutation } from './site-mutation.ts';
import type { FieldSite, ObjectSite } from './sites.ts';

const EXTRA_VALUE = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean());
const EXTRA_NAME = fc.stringMatching(/^[a-z0-9]{1,6}$/).map((suffix) => `x_${suffix}`);

/** Breaks of shape and bounds: extra_field, over_max_length, array_too_short. */
export function shapeMutations(
  fields: readonly FieldSite[],
  objects: readonly ObjectSite[],
  root: JsonSchema,
): Mutation[] {
  const mutations = [
    siteMutation({
      name: 'extra_field',
      candidates: objects.filter((site) => site.strict),
      qualifies: (valid, site) => objectAt(valid, site.path) !== undefined,
      breakAt: (valid, site) =>
        fc
          .tuple(unknownName(site, objectAt(valid, site.path) ?? {}), EXTRA_VALUE)
          .map(([name, value]) => ({
            envelope: withField(valid, [...site.path, name], value),
            fields: [dotted([...site.path, name])],
          })),
    }),
    siteMutation({
      name: 'over_max_length',
      candidates: bounded(fields, root, 'string', 'maxLength'),
      breakAt: (valid, site) =>
        fc.string({ minLength: site.bound + 1, maxLength: site.bound + 3 }).map((long) => ({
          envelope: withField(valid, site.path, long),
          fields: [dotted(site.path)],
        })),
    }),
    siteMutation({
      name: 'array_too_short',
      candidates: bounded(fields, root, 'array', 'minItems').filter((site) => site.bound >= 1),
      breakAt: (valid, site) =>
        fc.constant({ envelope: withField(valid, site.path, []), fields: [dotted(site.path)] }),
    }),
  ];
  return mutations.filter((m) => m !== undefined);
}

/** Fields whose only non-null type is `type`, with the bound `keyword` puts on it. */
function bounded(
  fields: readonly FieldSite[],
  root: JsonSchema,
  type: 'string' | 'array',
  keyword: 'maxLength' | 'minItems',
): (FieldSite & { readonly bound: number })[] {
  return fields.flatMap((site) => {
    const branch = site.lenient ? undefined : branchOfType(site.schema, root, type);
    const bound = branch === undefined ? undefined : numberAt(branch, keyword);
    return bound === undefined ? [] : [{ ...site, bound }];
  });
}

/** `x_` plus a suffix: a key neither declared by the schema nor already in the object. */
function unknownName(site: ObjectSite, object: Record<string, unknown>): fc.Arbitrary<string> {
  return EXTRA_NAME.filter((name) => !site.declared.has(name) && !Object.hasOwn(object, name));
}
