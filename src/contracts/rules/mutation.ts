import * as fc from 'fast-check';
import { isRecord } from '../is-record.ts';

export { isRecord };

import type { Envelope, Mutation, ValidationContext } from '../types.ts';

/** How a rule describes one deliberate break; `mutation()` turns it into a `Mutation`. */
export interface MutationSpec {
  readonly name: string;
  readonly rule: string;
  /** The envelope fields a good rejection names. */
  readonly fields: readonly string[];
  readonly coercion?: boolean;
  readonly applies?: (valid: Envelope, ctx: ValidationContext) => boolean;
  readonly make: (valid: Envelope, ctx: ValidationContext) => fc.Arbitrary<Envelope>;
}

/** Builds a `Mutation` whose broken envelopes always name the same fields. */
export function mutation(spec: MutationSpec): Mutation {
  return {
    name: spec.name,
    rule: spec.rule,
    ...(spec.coercion === true && { coercion: true }),
    applies: spec.applies ?? (() => true),
    apply: (valid, ctx) =>
      spec.make(valid, ctx).map((envelope) => ({ envelope, fields: spec.fields })),
  };
}

/** A copy of `envelope` with `key` set; the original is never touched. */
export function withField(envelope: Envelope, key: string, value: unknown): Envelope {
  return { ...envelope, [key]: value };
}

/** A copy of `envelope` without `key`. */
export function without(envelope: Envelope, key: string): Envelope {
  const { [key]: _dropped, ...rest } = envelope;
  return rest;
}

/** The field as an array, or an empty one when it is not an array. */
export function arrayAt(envelope: Envelope, key: string): readonly unknown[] {
  const value = envelope[key];
  return Array.isArray(value) ? value : [];
}

/** Strings of `min` to `min + 200` characters, built by repeating a short seed (cheap to shrink). */
export function longText(min: number): fc.Arbitrary<string> {
  return fc
    .tuple(fc.string({ minLength: 1, maxLength: 30 }), fc.integer({ min: 0, max: 200 }))
    .map(([seed, extra]) => {
      const size = min + extra;
      return seed.repeat(Math.ceil(size / seed.length)).slice(0, size);
    });
}

/** A copy of `items` with `item` inserted at an arbitrary position. */
export function insertAnywhere(items: readonly unknown[], item: unknown): fc.Arbitrary<unknown[]> {
  return fc
    .nat({ max: items.length })
    .map((at) => [...items.slice(0, at), item, ...items.slice(at)]);
}

/** An ISO timestamp for `ms`, or undefined outside years 0–9999 (no plain ISO form there). */
export function isoAt(ms: number): string | undefined {
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  return Number.isNaN(year) || year < 0 || year > 9999 ? undefined : date.toISOString();
}
