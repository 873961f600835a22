import {
  type JsonSchema,
  type JsonSchemaObject,
  MARK,
  schemaAt,
  schemaMapAt,
  stringListAt,
} from '../json-schema.ts';
import { branchOfType } from './json-types.ts';
import type { FieldPath } from './paths.ts';

/** A field a mutation can target: where it is, its schema, and whether it must be present. */
export interface FieldSite {
  readonly path: FieldPath;
  readonly schema: JsonSchema;
  readonly required: boolean;
  /** .catch(), z.coerce and z.preprocess fields accept more than they say: no break is sure. */
  readonly lenient: boolean;
}

/** An object in the envelope (the envelope itself has path []) and the keys it declares. */
export interface ObjectSite {
  readonly path: FieldPath;
  readonly declared: ReadonlySet<string>;
  /** `additionalProperties: false`: unknown keys are refused. */
  readonly strict: boolean;
}

export interface Sites {
  readonly fields: readonly FieldSite[];
  readonly objects: readonly ObjectSite[];
}

// How deep nested objects are followed: customer.address.city, but no deeper.
const MAX_NESTING = 3;

/**
 * The fields and objects of an object schema, following nested object properties (also nullable
 * ones and `$ref`s) but not arrays or real unions, where a break could still match a branch.
 * Undefined when the root is not an object schema.
 */
export function collectSites(root: JsonSchema): Sites | undefined {
  const top = branchOfType(root, root, 'object');
  if (!top) return undefined;
  const fields: FieldSite[] = [];
  const objects: ObjectSite[] = [];
  const visit = (node: JsonSchemaObject, path: FieldPath) => {
    const properties = { ...requiredOnly(node), ...schemaMapAt(node, 'properties') };
    const required = new Set(stringListAt(node, 'required'));
    const strict = node.additionalProperties === false && node.patternProperties === undefined;
    objects.push({ path, declared: new Set(Object.keys(properties)), strict });
    for (const [key, schema] of Object.entries(properties)) {
      const lenient = typeof schema === 'object' && schema[MARK.lenient] === true;
      fields.push({ path: [...path, key], schema, required: required.has(key), lenient });
      const nested = branchOfType(schema, root, 'object');
      if (nested && path.length + 1 < MAX_NESTING) visit(nested, [...path, key]);
    }
  };
  visit(top, []);
  return { fields, objects };
}

/** Required keys that only `additionalProperties` describes (records with enum keys). */
function requiredOnly(node: JsonSchemaObject): Record<string, JsonSchema> {
  const additional = schemaAt(node, 'additionalProperties');
  if (additional === undefined || additional === false) return {};
  return Object.fromEntries(stringListAt(node, 'required').map((key) => [key, additional]));
}
