import * as fc from 'fast-check';
import { arrayArbitrary } from './arrays.ts';
import { type BuildContext, buildAt, type MaybeArbitrary } from './build-context.ts';
import {
  isSchemaObject,
  type JsonSchema,
  type JsonSchemaObject,
  resolveRef,
  schemaListAt,
} from './json-schema.ts';
import { ANNOTATIONS, assertSupportedKeywords } from './keywords.ts';
import { mergeAllOf } from './merge-all-of.ts';
import { integerArbitrary, numberArbitrary } from './numbers.ts';
import { objectArbitrary } from './objects.ts';
import { stringArbitrary } from './strings.ts';
import { UnsupportedSchemaError } from './unsupported-schema-error.ts';

/** Options for deriving values from a schema. */
export interface ArbitraryOptions {
  /** How many levels deep a recursive schema may nest (default 3). */
  readonly maxDepth?: number;
}

const DEFAULT_MAX_DEPTH = 3;
const anyJson = fc.jsonValue({ maxDepth: 2 });
const cache = new WeakMap<JsonSchemaObject, Map<number, fc.Arbitrary<unknown>>>();

/**
 * Valid values for a JSON Schema (draft 2020-12, as zod 4 emits it), built from fast-check
 * combinators so that shrinking keeps values valid. Built once per schema object and depth.
 * Throws UnsupportedSchemaError for constructs it cannot honour rather than guess.
 */
export function arbitraryFromJsonSchema(
  json: JsonSchema,
  options: ArbitraryOptions = {},
): fc.Arbitrary<unknown> {
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const cached = isSchemaObject(json) ? cache.get(json)?.get(maxDepth) : undefined;
  if (cached) return cached;
  // The root counts as one expansion of `#`, so a value nests at most maxDepth levels either way.
  const arb = build(json, { root: json, path: '#', refs: ['#'], maxDepth, build });
  if (!arb) {
    throw new UnsupportedSchemaError(
      'the schema',
      '#',
      `admits no value within ${maxDepth} levels of recursion`,
      'Make the recursion optional (an optional field, an array that may be empty) or raise maxDepth.',
    );
  }
  if (isSchemaObject(json)) cache.set(json, (cache.get(json) ?? new Map()).set(maxDepth, arb));
  return arb;
}

function build(schema: JsonSchema, ctx: BuildContext): MaybeArbitrary {
  if (typeof schema === 'boolean') return schema ? anyJson : undefined;
  assertSupportedKeywords(schema, ctx.path);
  if ('not' in schema) return undefined;
  if (typeof schema.$ref === 'string') return buildRef(schema, schema.$ref, ctx);
  if (Array.isArray(schema.allOf)) return build(mergeAllOf([schema], ctx.path), ctx);
  if (Array.isArray(schema.anyOf)) return buildUnion(schema, 'anyOf', ctx);
  if (Array.isArray(schema.oneOf)) return buildUnion(schema, 'oneOf', ctx);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) {
    return schema.enum.length > 0 ? fc.constantFrom(...schema.enum) : undefined;
  }
  return buildTypes(schema, ctx);
}

/** Follows a `$ref`; a ref already open `maxDepth` times yields nothing, ending the recursion. */
function buildRef(schema: JsonSchemaObject, ref: string, ctx: BuildContext): MaybeArbitrary {
  if (ctx.refs.filter((open) => open === ref).length >= ctx.maxDepth) return undefined;
  const target = resolveRef(ctx.root, ref, ctx.path);
  const { $ref: _, ...siblings } = schema;
  const inner = { ...ctx, path: ref, refs: [...ctx.refs, ref] };
  return build(hasConstraints(siblings) ? mergeAllOf([siblings, target], ctx.path) : target, inner);
}

/** A union; keywords beside it apply to every branch, so they are folded into each. */
function buildUnion(schema: JsonSchemaObject, key: 'anyOf' | 'oneOf', ctx: BuildContext) {
  const { [key]: _, ...siblings } = schema;
  const branches = schemaListAt(schema, key)
    .map((branch) => (hasConstraints(siblings) ? mergeAllOf([siblings, branch], ctx.path) : branch))
    .map((branch, i) => buildAt(ctx, branch, key, i))
    .filter((arb) => arb !== undefined);
  return branches.length > 0 ? fc.oneof(...branches) : undefined;
}

function buildTypes(schema: JsonSchemaObject, ctx: BuildContext): MaybeArbitrary {
  const types = schema.type === undefined ? inferTypes(schema) : [schema.type].flat();
  if (types.length === 0) return anyJson;
  const arbs = types
    .map((type) => buildType(String(type), schema, ctx))
    .filter((a) => a !== undefined);
  return arbs.length > 0 ? fc.oneof(...arbs) : undefined;
}

function buildType(type: string, schema: JsonSchemaObject, ctx: BuildContext): MaybeArbitrary {
  switch (type) {
    case 'string':
      return stringArbitrary(schema, ctx);
    case 'number':
      return numberArbitrary(schema, ctx);
    case 'integer':
      return integerArbitrary(schema, ctx);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayArbitrary(schema, ctx);
    case 'object':
      return objectArbitrary(schema, ctx);
    default:
      throw new UnsupportedSchemaError(
        `type "${type}"`,
        ctx.path,
        'is unknown',
        'Use a JSON type.',
      );
  }
}

const TYPE_OF_KEYWORD: Readonly<Record<string, string>> = {
  ...Object.fromEntries(['minLength', 'maxLength', 'pattern', 'format'].map((k) => [k, 'string'])),
  ...Object.fromEntries(
    ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'].map((k) => [
      k,
      'number',
    ]),
  ),
  ...Object.fromEntries(
    ['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems'].map((k) => [k, 'array']),
  ),
  ...Object.fromEntries(
    ['properties', 'required', 'additionalProperties', 'propertyNames', 'patternProperties'].map(
      (k) => [k, 'object'],
    ),
  ),
};

/** Without `type`, the types its keywords constrain (a valid subset); none means any JSON value. */
function inferTypes(schema: JsonSchemaObject): string[] {
  return [...new Set(Object.keys(schema).flatMap((k) => TYPE_OF_KEYWORD[k] ?? []))];
}

function hasConstraints(schema: JsonSchemaObject): boolean {
  return Object.keys(schema).some((key) => !ANNOTATIONS.has(key));
}
