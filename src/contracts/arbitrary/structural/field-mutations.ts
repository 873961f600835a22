import * as fc from 'fast-check';
import type { Envelope, Mutation } from '../../types.ts';
import type { JsonSchema } from '../json-schema.ts';
import {
  type AllowedTypes,
  allowedTypes,
  type JsonType,
  valuesOfOtherTypes,
} from './json-types.ts';
import { dotted, fieldAt, withField } from './paths.ts';
import { type Broken, siteMutation } from './site-mutation.ts';
import type { FieldSite } from './sites.ts';

interface TypedSite extends FieldSite {
  readonly allowed: AllowedTypes;
  /** Values of the JSON types the field refuses; undefined when it refuses none. */
  readonly wrong: fc.Arbitrary<unknown> | undefined;
}

/** Breaks that replace or remove one field: drop_required, wrong_type, numeric_string, null_field. */
export function fieldMutations(fields: readonly FieldSite[], root: JsonSchema): Mutation[] {
  const sites: TypedSite[] = fields
    .filter((site) => !site.lenient)
    .map((site) => {
      const allowed = allowedTypes(site.schema, root);
      return { ...site, allowed, wrong: valuesOfOtherTypes(allowed) };
    });
  const required = sites.filter((site) => site.required);
  const mutations = [
    siteMutation({
      name: 'drop_required',
      candidates: required,
      breakAt: (valid, site) => fc.constant(broken(valid, site)),
    }),
    siteMutation({
      name: 'wrong_type',
      candidates: sites.filter((site) => site.wrong !== undefined),
      breakAt: (valid, site) =>
        (site.wrong ?? fc.constant(null)).map((v) => broken(valid, site, v)),
    }),
    siteMutation({
      name: 'numeric_string',
      coercion: true,
      candidates: sites.filter((site) => refuses(site, 'string') && !refuses(site, 'number')),
      qualifies: (valid, site) => typeof fieldAt(valid, site.path) === 'number',
      breakAt: (valid, site) => fc.constant(broken(valid, site, String(fieldAt(valid, site.path)))),
    }),
    siteMutation({
      name: 'null_field',
      candidates: required.filter((site) => refuses(site, 'null')),
      breakAt: (valid, site) => fc.constant(broken(valid, site, null)),
    }),
  ];
  return mutations.filter((m) => m !== undefined);
}

function refuses(site: TypedSite, type: JsonType): boolean {
  return site.allowed !== 'any' && !site.allowed.has(type);
}

/** `valid` with the field replaced by `value`, or removed when no value is given. */
function broken(valid: Envelope, site: FieldSite, ...value: [unknown] | []): Broken {
  return { envelope: withField(valid, site.path, ...value), fields: [dotted(site.path)] };
}
