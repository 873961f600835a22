import * as fc from 'fast-check';
import type { z } from 'zod';
import { zod4Problem } from '../zod-version.ts';
import { type ArbitraryOptions, arbitraryFromJsonSchema } from './from-json-schema.ts';
import { convertSchema, type LossySite } from './to-input-json-schema.ts';
import { UnsupportedSchemaError } from './unsupported-schema-error.ts';

const PROBE_RUNS = 100;
const MAX_REFUSED = 95;
const cache = new WeakMap<z.ZodType, Map<number | undefined, fc.Arbitrary<unknown>>>();

/**
 * Valid inputs of a zod 4 schema (what `schema.safeParse` accepts), derived from its input JSON
 * Schema. Where zod checks more than JSON Schema can say (refinements, .trim(), pipes, z.xor),
 * zod itself filters the values. Built once per schema object; call it freely. Sizes follow
 * fast-check's global `baseSize` as it is when the schema is first built.
 */
export function arbitraryFromSchema(
  schema: z.ZodType,
  options: ArbitraryOptions = {},
): fc.Arbitrary<unknown> {
  const problem = zod4Problem(schema);
  if (problem) throw new Error(`Failed to derive envelopes: the schema ${problem}.`);
  const cached = cache.get(schema)?.get(options.maxDepth);
  if (cached) return cached;
  const { json, lossy } = convertSchema(schema);
  const derived = arbitraryFromJsonSchema(json, options);
  const arb = lossy.length === 0 ? derived : acceptedBy(schema, derived, lossy);
  cache.set(schema, (cache.get(schema) ?? new Map()).set(options.maxDepth, arb));
  return arb;
}

/** `derived` filtered by zod, once a fixed-seed probe shows the filter passes often enough. */
function acceptedBy(
  schema: z.ZodType,
  derived: fc.Arbitrary<unknown>,
  lossy: readonly LossySite[],
): fc.Arbitrary<unknown> {
  const probe = fc.sample(derived, { numRuns: PROBE_RUNS, seed: 0x5eed });
  const refused = probe.flatMap((value) => schema.safeParse(value).error?.issues.slice(0, 1) ?? []);
  const [first] = lossy;
  if (refused.length > MAX_REFUSED && first) {
    const [issue] = refused;
    const others = lossy.length > 1 ? ` (or one of ${lossy.length - 1} other such sites)` : '';
    throw new UnsupportedSchemaError(
      first.reason,
      first.path,
      `is beyond JSON Schema${others}, and zod refuses ${refused.length} of ${PROBE_RUNS} ` +
        `generated values (first: "${issue?.message}" at ${['$', ...(issue?.path ?? [])].join('.')})`,
      "Express the constraint with zod's built-in checks (min, max, regex, enum, …) or move it into a rule's check().",
    );
  }
  return derived.filter((value) => schema.safeParse(value).success);
}
