import * as fc from 'fast-check';
import type { BuildContext } from './build-context.ts';
import { type JsonSchemaObject, numberAt } from './json-schema.ts';
import { UnsupportedSchemaError } from './unsupported-schema-error.ts';

const SAFE = Number.MAX_SAFE_INTEGER;
// Multipliers of a fractional multipleOf stay within int32: k * step stays exact enough for zod.
const MAX_FACTOR = 0x7fffffff;

interface Bounds {
  readonly min: number;
  readonly max: number;
  readonly minExcluded: boolean;
  readonly maxExcluded: boolean;
}

/** Finite numbers (never NaN or ±Infinity, which JSON cannot carry) within the bounds. */
export function numberArbitrary(node: JsonSchemaObject, ctx: BuildContext): fc.Arbitrary<number> {
  const bounds = boundsOf(node);
  const step = numberAt(node, 'multipleOf');
  if (step !== undefined) return multiples(bounds, step, ctx.path);
  return fc.double({ ...bounds, noNaN: true, noDefaultInfinity: true });
}

/** Safe integers within the bounds (and multiples of an integer multipleOf). */
export function integerArbitrary(node: JsonSchemaObject, ctx: BuildContext): fc.Arbitrary<number> {
  const step = numberAt(node, 'multipleOf') ?? 1;
  if (!Number.isInteger(step)) {
    throw new UnsupportedSchemaError(
      `multipleOf ${step} on an integer`,
      ctx.path,
      'is not supported',
      'Use an integer multipleOf for integers.',
    );
  }
  return multiples(boundsOf(node), step, ctx.path);
}

function boundsOf(node: JsonSchemaObject): Bounds {
  const [minimum, exclusiveMin] = [numberAt(node, 'minimum'), numberAt(node, 'exclusiveMinimum')];
  const [maximum, exclusiveMax] = [numberAt(node, 'maximum'), numberAt(node, 'exclusiveMaximum')];
  const minExcluded = exclusiveMin !== undefined && exclusiveMin >= (minimum ?? -Infinity);
  const maxExcluded = exclusiveMax !== undefined && exclusiveMax <= (maximum ?? Infinity);
  return {
    min: (minExcluded ? exclusiveMin : minimum) ?? -Number.MAX_VALUE,
    max: (maxExcluded ? exclusiveMax : maximum) ?? Number.MAX_VALUE,
    minExcluded,
    maxExcluded,
  };
}

/** k * step for integer k, so shrinking works on k and every value stays a multiple. */
function multiples(bounds: Bounds, step: number, path: string): fc.Arbitrary<number> {
  let low = Math.ceil(bounds.min / step);
  if (bounds.minExcluded && low * step <= bounds.min) low += 1;
  let high = Math.floor(bounds.max / step);
  if (bounds.maxExcluded && high * step >= bounds.max) high -= 1;
  const limit = Number.isInteger(step) ? Math.floor(SAFE / step) : MAX_FACTOR;
  low = Math.max(low, -limit);
  high = Math.min(high, limit);
  if (low > high) {
    throw new UnsupportedSchemaError(
      'minimum/maximum/multipleOf',
      path,
      'leave no value to generate',
      'Check the bounds.',
    );
  }
  return step === 1
    ? fc.integer({ min: low, max: high })
    : fc.integer({ min: low, max: high }).map((k) => k * step);
}
