import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { arbitraryFromJsonSchema } from './from-json-schema.ts';
import { arbitraryFromSchema } from './from-schema.ts';
import { corpus } from './schema-corpus.ts';
import { inputJsonSchema } from './to-input-json-schema.ts';
import { UnsupportedSchemaError } from './unsupported-schema-error.ts';

function thrownBy(build: () => unknown): unknown {
  try {
    build();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe('arbitraryFromSchema', () => {
  // The derivation alone, without the zod filter that lossy schemas get: it must be right itself.
  describe.each(Object.entries(corpus))('%s', (_name, schema) => {
    test.prop([arbitraryFromJsonSchema(inputJsonSchema(schema))], { numRuns: 200 })(
      'derives only values the schema accepts',
      (value) => {
        expect(schema.safeParse(value).error?.issues).toBeUndefined();
      },
    );
  });

  it.each([
    ['a refinement', z.strictObject({ a: z.string().refine((s) => !s.includes('a')) })],
    [
      'a cross-field refinement',
      z.strictObject({ lo: z.int(), hi: z.int() }).refine((v) => v.lo <= v.hi),
    ],
    ['.trim() before a length check', z.strictObject({ name: z.string().trim().min(2) })],
    ['an overlapping z.xor', z.strictObject({ v: z.xor([z.string(), z.string().max(3)]) })],
    ['a URL protocol', z.strictObject({ home: z.url({ protocol: /^https$/ }) })],
  ])('lets zod filter what JSON Schema cannot say: %s', (_what, schema) => {
    const values = fc.sample(arbitraryFromSchema(schema), { numRuns: 200, seed: 9 });

    expect(values.filter((v) => !schema.safeParse(v).success)).toEqual([]);
  });

  it('refuses a schema whose lossy part zod almost never accepts, saying where', () => {
    const schema = z.strictObject({ urgent: z.stringbool() });

    expect(thrownBy(() => arbitraryFromSchema(schema))).toMatchObject({
      construct: 'a pipe, transform or codec',
      schemaPath: '#/properties/urgent',
      message: expect.stringMatching(
        /zod refuses \d+ of 100 generated values \(first: ".+" at \$\.urgent\)/,
      ),
    });
  });

  it('builds once per schema object', () => {
    const schema = z.strictObject({ a: z.string() });

    expect(arbitraryFromSchema(schema)).toBe(arbitraryFromSchema(schema));
  });

  it('leaves optional properties out sometimes and never adds extras to a strict object', () => {
    const schema = z.strictObject({ a: z.string(), b: z.int().optional() });

    const keys = fc
      .sample(arbitraryFromSchema(schema), { numRuns: 200, seed: 1 })
      .map((v) => Object.keys(v as object).join(','));

    expect(new Set(keys)).toEqual(new Set(['a', 'a,b']));
  });

  it('shrinks a failing predicate to the smallest counterexample', () => {
    const schema = z.strictObject({ tags: z.array(z.string()), level: z.int().min(3).max(9) });

    const result = fc.check(
      fc.property(arbitraryFromSchema(schema), (v) => (v as { tags: string[] }).tags.length <= 2),
      { seed: 42 },
    );

    expect(result.counterexample?.[0]).toEqual({ tags: ['', '', ''], level: 3 });
  });

  it('keeps every value tried while shrinking valid', () => {
    const schema = corpus.handoff as z.ZodType;
    const tried: unknown[] = [];

    const result = fc.check(
      fc.property(arbitraryFromSchema(schema), (v) => {
        tried.push(v);
        return (v as { acceptance: string[] }).acceptance.length < 2;
      }),
      { seed: 7 },
    );

    expect(result.failed).toBe(true);
    expect(tried.filter((v) => !schema.safeParse(v).success)).toEqual([]);
  });

  it('stops recursive schemas at maxDepth', () => {
    type Node = { kids: Node[] };
    const Node: z.ZodType<Node> = z.lazy(() => z.strictObject({ kids: z.array(Node) }));
    const depth = (n: Node): number => 1 + Math.max(0, ...n.kids.map(depth));

    const depths = fc
      .sample(arbitraryFromSchema(Node, { maxDepth: 2 }), 100)
      .map((n) => depth(n as Node));

    expect(Math.max(...depths)).toBe(2);
  });

  it('refuses a recursion that can never end', () => {
    type Loop = { next: Loop };
    const Loop: z.ZodType<Loop> = z.lazy(() => z.strictObject({ next: Loop }));

    expect(() => arbitraryFromSchema(Loop)).toThrow(/admits no value within 3 levels of recursion/);
  });

  it('names the zod type and the path of what JSON cannot carry', () => {
    const schema = z.strictObject({ meta: z.strictObject({ when: z.date() }) });

    const error = thrownBy(() => arbitraryFromSchema(schema));

    expect(error).toBeInstanceOf(UnsupportedSchemaError);
    expect((error as Error).message).toBe(
      'Failed to derive values from the contract schema: z.date() (Date cannot be represented in ' +
        'JSON Schema) at #/properties/meta/properties/when has no JSON form, so no JSON envelope ' +
        'can satisfy it. Use a JSON type in the contract (an ISO string via z.iso.datetime() ' +
        'instead of z.date(), …).',
    );
  });

  it.each([
    ['z.custom()', z.strictObject({ c: z.custom<string>() }), '#/properties/c'],
    ['z.bigint()', z.strictObject({ n: z.bigint() }), '#/properties/n'],
    ['a lookahead regex', z.strictObject({ e: z.emoji() }), '#/properties/e'],
    ['an unknown format', z.strictObject({ t: z.jwt() }), '#/properties/t'],
    ['two regexes', z.strictObject({ r: z.string().regex(/a/).regex(/b/) }), '#/properties/r'],
  ])('refuses %s instead of generating wrong values', (_what, schema, schemaPath) => {
    expect(thrownBy(() => arbitraryFromSchema(schema))).toMatchObject({
      code: 'contract.unsupported_schema',
      schemaPath,
    });
  });
});
