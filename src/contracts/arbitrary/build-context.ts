import type * as fc from 'fast-check';
import { type JsonSchema, pointer } from './json-schema.ts';

/** An arbitrary, or undefined when no value fits within the recursion depth limit. */
export type MaybeArbitrary = fc.Arbitrary<unknown> | undefined;

/** Where the builder stands: the root (for `$ref`), the pointer for messages, the open `$ref`s. */
export interface BuildContext {
  readonly root: JsonSchema;
  readonly path: string;
  /** The `$ref`s being expanded around this node, outermost first. */
  readonly refs: readonly string[];
  /** How many times one `$ref` may nest inside itself: the recursion limit. */
  readonly maxDepth: number;
  /** The dispatcher, passed in so the per-type builders need not import it (no cycles). */
  readonly build: (schema: JsonSchema, ctx: BuildContext) => MaybeArbitrary;
}

/** The context one step down, at `segments` below the current node. */
export function at(ctx: BuildContext, ...segments: readonly (string | number)[]): BuildContext {
  return { ...ctx, path: pointer(ctx.path, ...segments) };
}

/** Builds the subschema found at `segments` below the current node. */
export function buildAt(
  ctx: BuildContext,
  schema: JsonSchema,
  ...segments: readonly (string | number)[]
): MaybeArbitrary {
  return ctx.build(schema, at(ctx, ...segments));
}
