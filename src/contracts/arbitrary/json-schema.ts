import { UnsupportedSchemaError } from './unsupported-schema-error.ts';

/** A JSON Schema node as `z.toJSONSchema` emits it (draft 2020-12): an object or a boolean. */
export type JsonSchema = boolean | JsonSchemaObject;
export type JsonSchemaObject = { readonly [keyword: string]: unknown };

/** Marker keywords Baton adds while converting a zod schema (see to-input-json-schema.ts). */
export const MARK = {
  unrepresentable: 'x-baton-unrepresentable',
  /** Accepts input beyond its JSON Schema (.catch, z.coerce, z.preprocess): no break is sure. */
  lenient: 'x-baton-lenient',
} as const;

export function isSchemaObject(value: unknown): value is JsonSchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function numberAt(node: JsonSchemaObject, key: string): number | undefined {
  const value = node[key];
  return typeof value === 'number' ? value : undefined;
}

export function stringAt(node: JsonSchemaObject, key: string): string | undefined {
  const value = node[key];
  return typeof value === 'string' ? value : undefined;
}

export function schemaAt(node: JsonSchemaObject, key: string): JsonSchema | undefined {
  const value = node[key];
  return typeof value === 'boolean' || isSchemaObject(value) ? value : undefined;
}

export function schemaListAt(node: JsonSchemaObject, key: string): readonly JsonSchema[] {
  const value = node[key];
  return Array.isArray(value)
    ? value.filter((s) => typeof s === 'boolean' || isSchemaObject(s))
    : [];
}

export function schemaMapAt(
  node: JsonSchemaObject,
  key: string,
): Readonly<Record<string, JsonSchema>> {
  const value = node[key];
  if (!isSchemaObject(value)) return {};
  const entries = Object.entries(value).filter(
    ([, s]) => typeof s === 'boolean' || isSchemaObject(s),
  );
  return Object.fromEntries(entries) as Record<string, JsonSchema>;
}

export function stringListAt(node: JsonSchemaObject, key: string): readonly string[] {
  const value = node[key];
  return Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string') : [];
}

/** Appends segments to a JSON pointer, escaping `~` and `/` as RFC 6901 says. */
export function pointer(base: string, ...segments: readonly (string | number)[]): string {
  const escaped = segments.map((s) => String(s).replaceAll('~', '~0').replaceAll('/', '~1'));
  return [base, ...escaped].join('/');
}

/** Resolves a local `$ref` (`#`, `#/$defs/Name`, any `#/…` pointer) against the root schema. */
export function resolveRef(root: JsonSchema, ref: string, at: string): JsonSchema {
  if (ref !== '#' && !ref.startsWith('#/')) {
    throw new UnsupportedSchemaError(
      `$ref "${ref}"`,
      at,
      'points outside the schema',
      'Only local references (#, #/$defs/…) are followed; inline or bundle the referenced schema.',
    );
  }
  let node: unknown = root;
  for (const raw of ref === '#' ? [] : ref.slice(2).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    node =
      isSchemaObject(node) || Array.isArray(node)
        ? (node as Record<string, unknown>)[key]
        : undefined;
  }
  if (typeof node === 'boolean' || isSchemaObject(node)) return node;
  throw new UnsupportedSchemaError(
    `$ref "${ref}"`,
    at,
    'points at nothing',
    'Check the $defs names.',
  );
}
