import { z } from 'zod';

/** A JSON Schema document as zod writes it. */
export type JsonSchema = z.core.JSONSchema.JSONSchema;

const cache = new WeakMap<z.ZodType, JsonSchema>();

/**
 * The input-side JSON Schema of one zod schema (what users write, defaults optional), built once.
 * Loaders name their own schema, so loading a case never loads every other file kind's schema.
 */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  let json = cache.get(schema);
  if (json === undefined) {
    json = z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;
    cache.set(schema, json);
  }
  return json;
}
