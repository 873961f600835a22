/**
 * Baton builds and checks envelopes with zod 4. A zod 3 schema (no `_zod` internals) would be
 * rejected envelope by envelope with a confusing message, so it is refused where it is given.
 */
export function zod4Problem(value: unknown): string | undefined {
  if (value !== null && typeof value === 'object' && '_zod' in value) return undefined;
  if (value !== null && typeof value === 'object' && '_def' in value && 'safeParse' in value)
    return "is a zod 3 schema, and Baton needs zod 4. Install zod 4 (npm i zod@^4) and import { z } from 'zod', or from 'zod/v4' on zod 3.25";
  return 'is not a zod schema. Give a zod 4 schema, e.g. z.string()';
}

/** A zod 4 object schema's fields, also from another copy of zod (no instanceof). */
export function zodObjectShape(value: unknown): Record<string, unknown> | undefined {
  const internals = (value as { _zod?: { def?: { type?: string } } } | null)?._zod;
  if (internals?.def?.type !== 'object') return undefined;
  return (value as { shape: Record<string, unknown> }).shape;
}

/** True for any zod schema, 3 or 4 (to tell a schema from a record of field schemas). */
export function isZodSchema(value: unknown): boolean {
  return value !== null && typeof value === 'object' && ('_zod' in value || '_def' in value);
}
