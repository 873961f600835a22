import * as fc from 'fast-check';
import {
  isSchemaObject,
  type JsonSchema,
  type JsonSchemaObject,
  MARK,
  resolveRef,
  schemaListAt,
} from '../json-schema.ts';

/** JSON's own value types (JSON Schema's `integer` counts as `number` here). */
export type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object';
export const JSON_TYPES: readonly JsonType[] = [
  'string',
  'number',
  'boolean',
  'null',
  'array',
  'object',
];

/** The JSON types a schema can accept, or 'any' when it does not restrict them (or is unsure). */
export type AllowedTypes = ReadonlySet<JsonType> | 'any';

const MAX_REF_HOPS = 16;

/** The JSON types a schema admits; lenient ones (.catch, z.coerce, z.preprocess) admit 'any'. */
export function allowedTypes(schema: JsonSchema, root: JsonSchema, hops = 0): AllowedTypes {
  if (schema === true || hops > MAX_REF_HOPS) return 'any';
  if (schema === false || 'not' in schema) return new Set();
  if (schema[MARK.lenient] === true) return 'any';
  const parts: AllowedTypes[] = [];
  if (typeof schema.$ref === 'string')
    parts.push(allowedTypes(resolveRef(root, schema.$ref, '#'), root, hops + 1));
  if ('const' in schema) parts.push(new Set([jsonTypeOf(schema.const)]));
  if (Array.isArray(schema.enum)) parts.push(new Set(schema.enum.map(jsonTypeOf)));
  if (schema.type !== undefined) parts.push(new Set([schema.type].flat().map(normalise)));
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(schema[key])) {
      parts.push(union(schemaListAt(schema, key).map((s) => allowedTypes(s, root, hops + 1))));
    }
  }
  for (const part of schemaListAt(schema, 'allOf')) parts.push(allowedTypes(part, root, hops + 1));
  return parts.reduce<AllowedTypes>(intersect, 'any');
}

export function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean' ? type : 'object';
}

function normalise(type: unknown): JsonType {
  return type === 'integer' ? 'number' : (type as JsonType);
}

function union(sets: readonly AllowedTypes[]): AllowedTypes {
  if (sets.includes('any')) return 'any';
  return new Set(sets.flatMap((s) => [...(s as ReadonlySet<JsonType>)]));
}

function intersect(a: AllowedTypes, b: AllowedTypes): AllowedTypes {
  if (a === 'any') return b;
  if (b === 'any') return a;
  return new Set([...a].filter((t) => b.has(t)));
}

const VALUES_OF_TYPE: Readonly<Record<JsonType, fc.Arbitrary<unknown>>> = {
  string: fc.string({ maxLength: 8 }),
  number: fc.integer({ min: -999, max: 999 }),
  boolean: fc.boolean(),
  null: fc.constant(null),
  array: fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 3 }),
  object: fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.integer({ min: 0, max: 9 }), {
    maxKeys: 2,
    noNullPrototype: true,
  }),
};

/** Values of every JSON type the schema refuses; undefined when it refuses none. */
export function valuesOfOtherTypes(allowed: AllowedTypes): fc.Arbitrary<unknown> | undefined {
  if (allowed === 'any') return undefined;
  const others = JSON_TYPES.filter((t) => !allowed.has(t)).map((t) => VALUES_OF_TYPE[t]);
  return others.length > 0 ? fc.oneof(...others) : undefined;
}

/** The one non-null branch of a schema that admits only `type` (and maybe null), if it is so. */
export function branchOfType(
  schema: JsonSchema,
  root: JsonSchema,
  type: JsonType,
  hops = 0,
): JsonSchemaObject | undefined {
  if (!isSchemaObject(schema) || hops > MAX_REF_HOPS) return undefined;
  if (typeof schema.$ref === 'string') {
    return branchOfType(resolveRef(root, schema.$ref, '#'), root, type, hops + 1);
  }
  const allowed = allowedTypes(schema, root);
  if (allowed === 'any' || ![...allowed].every((t) => t === type || t === 'null')) return undefined;
  const branches = [...schemaListAt(schema, 'anyOf'), ...schemaListAt(schema, 'oneOf')];
  if (branches.length === 0) return allowed.has(type) ? schema : undefined;
  const typed = branches.filter((branch) => {
    const types = allowedTypes(branch, root);
    return types !== 'any' && types.has(type);
  });
  return typed.length === 1
    ? branchOfType(typed[0] as JsonSchema, root, type, hops + 1)
    : undefined;
}
