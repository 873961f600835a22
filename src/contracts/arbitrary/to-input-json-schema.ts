import { z } from 'zod';
import { type JsonSchemaObject, MARK, pointer } from './json-schema.ts';

type ToJsonParams = NonNullable<Parameters<typeof z.toJSONSchema>[1]>;
type UnrepresentableHandler = Extract<
  ToJsonParams['unrepresentable'],
  (...args: never[]) => unknown
>;

/** The slice of a zod def that tells whether JSON Schema loses something. */
interface ZodDefSlice {
  readonly type: string;
  readonly checks?: readonly { readonly _zod: { readonly def: { readonly check: string } } }[];
  readonly inclusive?: boolean;
  readonly discriminator?: string;
  readonly protocol?: unknown;
  readonly hostname?: unknown;
  readonly coerce?: boolean;
  readonly in?: { readonly _zod: { readonly def: { readonly type: string } } };
}

/** A site where zod checks more than the JSON Schema says, e.g. a refinement. */
export interface LossySite {
  readonly reason: string;
  readonly path: string;
}

/** A zod schema's input JSON Schema, and the sites where zod checks more than it says. */
export interface Conversion {
  readonly json: JsonSchemaObject;
  /** Where values must be checked by zod itself, since JSON Schema cannot say it. */
  readonly lossy: readonly LossySite[];
}

const cache = new WeakMap<z.ZodType, Conversion>();

/**
 * The input-side JSON Schema (draft 2020-12) of a zod schema, converted once per schema object.
 * Unlike `unrepresentable: 'any'`, which turns `z.date()` into `{}` (any JSON value), sites that
 * JSON cannot describe keep a marker, so generation can refuse them instead of lying.
 */
export function convertSchema(schema: z.ZodType): Conversion {
  const cached = cache.get(schema);
  if (cached) return cached;
  const lossy: LossySite[] = [];
  const json = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: markUnrepresentable,
    override: ({ zodSchema, jsonSchema, path }) => {
      const def = zodSchema._zod.def as ZodDefSlice;
      if (isLenient(def)) (jsonSchema as Record<string, unknown>)[MARK.lenient] = true;
      const reason = lossyReason(def);
      if (reason) lossy.push({ reason, path: pointer('#', ...path) });
    },
  }) as JsonSchemaObject;
  const conversion = { json, lossy };
  cache.set(schema, conversion);
  return conversion;
}

/** The input JSON Schema alone (see convertSchema). */
export function inputJsonSchema(schema: z.ZodType): JsonSchemaObject {
  return convertSchema(schema).json;
}

const markUnrepresentable: UnrepresentableHandler = ({ zodSchema, message }) => {
  const type = (zodSchema._zod.def as ZodDefSlice).type;
  // `undefined` is no JSON value at all: a branch that can never be taken, as z.never() emits.
  if (type === 'undefined' || type === 'void') return { not: {} };
  return { [MARK.unrepresentable]: `z.${type}() (${message})` };
};

/** Whether zod accepts more input than the JSON Schema says (so a break may not break). */
function isLenient(def: ZodDefSlice): boolean {
  return def.type === 'catch' || def.coerce === true || def.in?._zod.def.type === 'transform';
}

/** Why zod accepts less than the emitted JSON Schema says, if it does. */
function lossyReason(def: ZodDefSlice): string | undefined {
  const checks = def.checks?.map((c) => c._zod.def.check) ?? [];
  if (checks.includes('custom')) return 'a refinement (.refine/.superRefine/.check)';
  if (checks.includes('overwrite')) return 'an overwrite (.trim/.toLowerCase/…)';
  if (def.type === 'pipe') return 'a pipe, transform or codec';
  if (def.type === 'union' && def.inclusive === false && def.discriminator === undefined) {
    return 'an exclusive union (z.xor)';
  }
  if (def.protocol !== undefined || def.hostname !== undefined) return 'a URL protocol/hostname';
  return undefined;
}
