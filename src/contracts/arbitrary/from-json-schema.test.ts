import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { arbitraryFromJsonSchema } from './from-json-schema.ts';
import type { JsonSchema } from './json-schema.ts';

const values = (schema: JsonSchema, numRuns = 300) =>
  fc.sample(arbitraryFromJsonSchema(schema), { numRuns, seed: 3 });

function thrownBy(build: () => unknown): unknown {
  try {
    build();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe('arbitraryFromJsonSchema', () => {
  it('honours type arrays with each type keeping its own keywords', () => {
    const generated = values({ type: ['integer', 'null'], minimum: 3, maximum: 5 });

    expect(new Set(generated)).toEqual(new Set([3, 4, 5, null]));
  });

  test.prop([
    arbitraryFromJsonSchema({
      type: 'array',
      items: { type: 'integer', minimum: 0, maximum: 5 },
      minItems: 2,
      maxItems: 4,
      uniqueItems: true,
    }),
  ])('keeps uniqueItems arrays unique and within bounds', (value) => {
    const list = value as number[];
    expect(new Set(list).size).toBe(list.length);
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.length).toBeLessThanOrEqual(4);
  });

  test.prop([
    arbitraryFromJsonSchema({
      type: 'array',
      prefixItems: [{ const: 'head' }, { type: 'boolean' }],
      items: false,
      minItems: 1,
    }),
  ])('builds tuples whose optional tail may be absent', (value) => {
    expect(value).toSatisfy(
      (v) => z.tuple([z.literal('head'), z.boolean().optional()]).safeParse(v).success,
    );
  });

  test.prop([
    arbitraryFromJsonSchema({
      type: 'object',
      properties: { id: { type: 'string' } },
      required: ['id'],
      propertyNames: { type: 'string', pattern: '^(?:id|k_[a-z]{1,3})$' },
      additionalProperties: { type: 'integer' },
      patternProperties: { '^p_\\d$': { type: 'boolean' } },
    }),
  ])('takes extra keys from propertyNames and patternProperties', (value) => {
    for (const [key, v] of Object.entries(value as object)) {
      if (key === 'id') expect(typeof v).toBe('string');
      else if (key.startsWith('p_')) expect(typeof v).toBe('boolean');
      else
        expect([key, Number.isInteger(v)]).toEqual([expect.stringMatching(/^k_[a-z]{1,3}$/), true]);
    }
  });

  test.prop([
    arbitraryFromJsonSchema({
      allOf: [
        { type: 'object', properties: { a: { type: 'integer', minimum: 0 } }, required: ['a'] },
        {
          properties: { a: { maximum: 9, multipleOf: 3 }, b: { $ref: '#/$defs/flag' } },
          required: ['b'],
        },
      ],
      $defs: { flag: { enum: ['on', 'off'] } },
    }),
  ])('folds allOf parts and follows $ref into $defs', (value) => {
    expect(value).toSatisfy(
      (v) =>
        z.object({ a: z.literal([0, 3, 6, 9]), b: z.enum(['on', 'off']) }).safeParse(v).success,
    );
  });

  it('generates formats that come without a pattern', () => {
    const schema = z.strictObject({
      email: z.email(),
      uuid: z.uuid(),
      url: z.url(),
      at: z.iso.datetime(),
      day: z.iso.date(),
    });
    const noPatterns = {
      type: 'object',
      properties: {
        email: { type: 'string', format: 'email' },
        uuid: { type: 'string', format: 'uuid' },
        url: { type: 'string', format: 'uri' },
        at: { type: 'string', format: 'date-time' },
        day: { type: 'string', format: 'date' },
      },
      required: ['email', 'uuid', 'url', 'at', 'day'],
    };

    const rejected = values(noPatterns).filter((v) => !schema.safeParse(v).success);

    expect(rejected).toEqual([]);
  });

  it('reads true as any JSON value and ignores annotations such as default', () => {
    const generated = values({ type: 'string', default: 7, description: 'x', maxLength: 2 }, 50);

    expect(generated.every((v) => typeof v === 'string' && v.length <= 2)).toBe(true);
    expect(() => values(true, 5)).not.toThrow();
  });

  it.each<[string, JsonSchema, string, string]>([
    [
      'not',
      { type: 'object', properties: { a: { not: { type: 'string' } } } },
      'not',
      '#/properties/a',
    ],
    ['if', { if: { type: 'string' }, else: { minLength: 2 } }, 'keyword "if"', '#'],
    ['minProperties', { type: 'object', minProperties: 1 }, 'keyword "minProperties"', '#'],
    [
      'a remote $ref',
      { $ref: 'https://example.com/s.json' },
      '$ref "https://example.com/s.json"',
      '#',
    ],
    ['a missing $def', { items: { $ref: '#/$defs/nope' } }, '$ref "#/$defs/nope"', '#/items'],
    ['an unknown type', { type: 'date' }, 'type "date"', '#'],
    ['a lookbehind', { type: 'string', pattern: '(?<=a)b' }, 'pattern /(?<=a)b/', '#'],
    [
      'two patterns in allOf',
      { type: 'string', allOf: [{ pattern: 'a' }, { pattern: 'b' }] },
      'allOf with two different "pattern"',
      '#',
    ],
    [
      'impossible length with a format',
      { type: 'string', format: 'date-time', maxLength: 5 },
      'minLength/maxLength with pattern or format',
      '#',
    ],
  ])('refuses %s with the construct and its path', (_what, schema, construct, schemaPath) => {
    expect(thrownBy(() => arbitraryFromJsonSchema(schema))).toMatchObject({
      construct,
      schemaPath,
    });
  });
});
