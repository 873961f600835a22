import { isSchemaObject, type JsonSchema, type JsonSchemaObject } from './json-schema.ts';
import { ANNOTATIONS } from './keywords.ts';
import { UnsupportedSchemaError } from './unsupported-schema-error.ts';

const LOWER_BOUNDS = new Set(['minimum', 'exclusiveMinimum', 'minLength', 'minItems']);
const UPPER_BOUNDS = new Set(['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems']);

/**
 * Folds `allOf` parts into one schema: bounds tighten, `required` and `properties` unite (a
 * property in several parts becomes its own `allOf`), `type` intersects. Anything else that
 * differs between parts (two patterns, two `anyOf`) cannot be folded and throws.
 */
export function mergeAllOf(parts: readonly JsonSchema[], path: string): JsonSchema {
  let merged: Record<string, unknown> = {};
  for (const part of parts) {
    if (part === false) return false;
    if (part === true) continue;
    const inner = Array.isArray(part.allOf) ? mergeAllOf(part.allOf as JsonSchema[], path) : true;
    if (inner === false) return false;
    const { allOf: _, ...own } = part;
    for (const source of inner === true ? [own] : [own, inner]) {
      merged = mergeTwo(merged, source, path);
    }
  }
  return merged;
}

function mergeTwo(a: Record<string, unknown>, b: JsonSchemaObject, path: string) {
  const out = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const prior = out[key];
    out[key] = prior === undefined ? value : mergeKeyword(key, prior, value, path);
  }
  return out;
}

function mergeKeyword(key: string, a: unknown, b: unknown, path: string): unknown {
  if (JSON.stringify(a) === JSON.stringify(b) || ANNOTATIONS.has(key)) return a;
  if (LOWER_BOUNDS.has(key) && typeof a === 'number' && typeof b === 'number')
    return Math.max(a, b);
  if (UPPER_BOUNDS.has(key) && typeof a === 'number' && typeof b === 'number')
    return Math.min(a, b);
  if (key === 'required') return [...new Set([...(a as string[]), ...(b as string[])])];
  if (key === 'type') return intersectTypes(a, b, path);
  if (key === 'multipleOf' && Number.isInteger(a) && Number.isInteger(b)) {
    return lcm(a as number, b as number);
  }
  if (key === 'properties' && isSchemaObject(a) && isSchemaObject(b)) {
    const props: Record<string, unknown> = { ...a };
    for (const [name, schema] of Object.entries(b)) {
      props[name] = name in a ? { allOf: [a[name], schema] } : schema;
    }
    return props;
  }
  throw new UnsupportedSchemaError(
    `allOf with two different "${key}"`,
    path,
    'cannot be folded into one schema',
    'Combine the constraints in one schema (e.g. one regex instead of several).',
  );
}

function intersectTypes(a: unknown, b: unknown, path: string): string[] {
  const left = [a].flat() as string[];
  const right = [b].flat() as string[];
  const both = left.flatMap((t) => {
    if (right.includes(t)) return [t];
    if (t === 'number' && right.includes('integer')) return ['integer'];
    if (t === 'integer' && right.includes('number')) return ['integer'];
    return [];
  });
  if (both.length > 0) return [...new Set(both)];
  throw new UnsupportedSchemaError(
    'allOf',
    path,
    'allows no type at all',
    'Check the intersection.',
  );
}

function lcm(a: number, b: number): number {
  const gcd = (x: number, y: number): number => (y === 0 ? x : gcd(y, x % y));
  return Math.abs(a * b) / gcd(Math.abs(a), Math.abs(b));
}
