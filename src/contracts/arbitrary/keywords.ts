import { type JsonSchemaObject, MARK } from './json-schema.ts';
import { UnsupportedSchemaError } from './unsupported-schema-error.ts';

/** Keywords that describe but do not constrain: safe to ignore when generating. */
export const ANNOTATIONS: ReadonlySet<string> = new Set([
  '$schema',
  '$id',
  '$anchor',
  '$comment',
  '$defs',
  'definitions',
  'title',
  'description',
  'examples',
  // zod 4 emits the default of a .default()/.catch() (an output value, not always valid input) and
  // the field is optional anyway, so absence is how defaults get exercised.
  'default',
  '_prefault',
  'readOnly',
  'writeOnly',
  'deprecated',
  'contentEncoding',
  'contentMediaType',
  MARK.lenient,
]);

/** Keywords the generator honours. */
export const CONSTRAINTS: ReadonlySet<string> = new Set([
  ...['type', 'const', 'enum', '$ref', 'anyOf', 'oneOf', 'allOf', 'not'],
  ...['minLength', 'maxLength', 'pattern', 'format'],
  ...['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  ...['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems'],
  ...['properties', 'required', 'additionalProperties', 'propertyNames', 'patternProperties'],
]);

/** Throws on the first keyword that would change which values are valid but is not honoured. */
export function assertSupportedKeywords(node: JsonSchemaObject, path: string): void {
  for (const keyword of Object.keys(node)) {
    if (ANNOTATIONS.has(keyword) || CONSTRAINTS.has(keyword)) continue;
    throw unsupported(keyword, node[keyword], path);
  }
  const not = node.not;
  if (not !== undefined && !(typeof not === 'object' && not && Object.keys(not).length === 0)) {
    throw new UnsupportedSchemaError(
      'not',
      path,
      'is only supported as `not: {}` (z.never())',
      'Express the exclusion with enum, pattern or bounds instead.',
    );
  }
}

function unsupported(keyword: string, value: unknown, path: string): UnsupportedSchemaError {
  if (keyword === MARK.unrepresentable) {
    return new UnsupportedSchemaError(
      String(value),
      path,
      'has no JSON form, so no JSON envelope can satisfy it',
      'Use a JSON type in the contract (an ISO string via z.iso.datetime() instead of z.date(), …).',
    );
  }
  return new UnsupportedSchemaError(
    `keyword "${keyword}"`,
    path,
    'is not supported',
    'Remove it or express the constraint with supported keywords.',
  );
}
