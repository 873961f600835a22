import * as fc from 'fast-check';
import { type BuildContext, buildAt, type MaybeArbitrary } from './build-context.ts';
import { guardedFilter } from './guarded-filter.ts';
import {
  type JsonSchema,
  type JsonSchemaObject,
  schemaAt,
  schemaMapAt,
  stringListAt,
} from './json-schema.ts';
import { compilePattern } from './strings.ts';
import { UnsupportedSchemaError } from './unsupported-schema-error.ts';

const MAX_EXTRA_KEYS = 5;

/** The keys an object may have by name, with their schema and where that schema sits. */
type Declared = Map<string, { schema: JsonSchema; at: readonly string[] }>;

/**
 * Objects: declared properties (optional ones sometimes absent), keys that `required` or a finite
 * `propertyNames` add, and extra keys from `additionalProperties` / `patternProperties` schemas.
 * Absent `additionalProperties` adds no extras: a subset of what is valid, and what strict
 * envelopes want.
 */
export function objectArbitrary(node: JsonSchemaObject, ctx: BuildContext): MaybeArbitrary {
  const declared = declaredKeys(node, ctx.path);
  const required = new Set(stringListAt(node, 'required'));
  const entries: [string, fc.Arbitrary<unknown>][] = [];
  for (const [key, { schema, at }] of declared) {
    const arb = buildAt(ctx, schema, ...at);
    if (arb) entries.push([key, arb]);
    else if (required.has(key)) return undefined;
  }
  // fromEntries and spreads define keys, so even a `__proto__` property stays a plain key.
  const model = Object.fromEntries(entries);
  const requiredKeys = entries.map(([key]) => key).filter((key) => required.has(key));
  const fixed = fc.record(model, { requiredKeys, noNullPrototype: true });
  const extras = extraArbitraries(node, declared, ctx);
  if (extras.length === 0) return fixed;
  return fc
    .tuple(fixed, ...extras)
    .map(([own, ...more]) => Object.fromEntries([...more, own].flatMap((o) => Object.entries(o))));
}

function declaredKeys(node: JsonSchemaObject, path: string): Declared {
  const declared: Declared = new Map();
  for (const [key, schema] of Object.entries(schemaMapAt(node, 'properties'))) {
    declared.set(key, { schema, at: ['properties', key] });
  }
  const additional = schemaAt(node, 'additionalProperties') ?? true;
  const required = stringListAt(node, 'required');
  const implied = additional === false ? required : [...(finiteNames(node) ?? []), ...required];
  for (const key of implied.filter((k) => !declared.has(k))) {
    if (additional === false) {
      throw new UnsupportedSchemaError(
        `required "${key}"`,
        path,
        'is neither a property nor allowed by additionalProperties: false',
        'Declare it under properties.',
      );
    }
    declared.set(key, { schema: additional, at: ['additionalProperties'] });
  }
  return declared;
}

/** The key names a `propertyNames` with `const` or `enum` allows, if it is that kind. */
function finiteNames(node: JsonSchemaObject): readonly string[] | undefined {
  const names = schemaAt(node, 'propertyNames');
  if (typeof names !== 'object') return undefined;
  if ('const' in names) return [String(names.const)];
  return Array.isArray(names.enum) ? names.enum.map(String) : undefined;
}

function extraArbitraries(node: JsonSchemaObject, declared: Declared, ctx: BuildContext) {
  const patterns = Object.entries(schemaMapAt(node, 'patternProperties'));
  const regexes = patterns.map(([source]) => compilePattern(source, ctx.path));
  const taken = (key: string, except?: number) =>
    declared.has(key) || key === '__proto__' || regexes.some((r, j) => j !== except && r.test(key));
  const extras = patterns.map(([source, schema], i) => {
    const keys = buildAt(ctx, { type: 'string', pattern: source }, 'patternProperties', source);
    const value = buildAt(ctx, schema, 'patternProperties', source);
    return dictionary(keys, value, (key) => !taken(key, i), ctx);
  });
  const additional = schemaAt(node, 'additionalProperties');
  if (additional !== undefined && additional !== false && !finiteNames(node)) {
    const names = schemaAt(node, 'propertyNames');
    const keys =
      names === undefined ? fc.string({ maxLength: 8 }) : buildAt(ctx, names, 'propertyNames');
    const value = buildAt(ctx, additional, 'additionalProperties');
    extras.push(dictionary(keys, value, (key) => !taken(key), ctx));
  }
  return extras.filter((extra) => extra !== undefined);
}

function dictionary(
  keys: MaybeArbitrary,
  value: MaybeArbitrary,
  free: (key: string) => boolean,
  ctx: BuildContext,
): fc.Arbitrary<Record<string, unknown>> | undefined {
  if (!keys || !value) return undefined;
  const usable = (k: unknown): k is string => typeof k === 'string' && free(k);
  const names = guardedFilter(
    keys,
    usable,
    'extra property names',
    ctx.path,
  ) as fc.Arbitrary<string>;
  return fc.dictionary(names, value, { maxKeys: MAX_EXTRA_KEYS, noNullPrototype: true });
}
