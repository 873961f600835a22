import { fc } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Envelope, Mutation, ValidationContext } from '../../types.ts';
import { arbitraryFromSchema } from '../from-schema.ts';
import { envelopeCorpus } from '../schema-corpus.ts';
import { structuralMutations } from './structural-mutations.ts';

const ctx: ValidationContext = { from: 'triage', to: 'refunds', now: 0 };

function mutationNamed(schema: z.ZodType, name: string): Mutation {
  const found = structuralMutations(schema).find((m) => m.name === `structure.${name}`);
  if (!found) throw new Error(`no structure.${name}`);
  return found;
}

const brokenBy = (mutation: Mutation, valid: Envelope) =>
  fc.sample(mutation.apply(valid, ctx), { numRuns: 30, seed: 1 });

describe('structuralMutations', () => {
  describe.each(Object.entries(envelopeCorpus))('%s', (_name, schema) => {
    it('breaks valid envelopes into ones the schema rejects, naming the fields', () => {
      const mutations = structuralMutations(schema);
      const exercised = new Set<string>();
      const broken = (arbitraryFromSchema(schema) as fc.Arbitrary<Envelope>).chain((valid) => {
        const usable = mutations.filter((m) => m.applies(valid, ctx));
        return fc
          .constantFrom(...usable)
          .chain((m) => m.apply(valid, ctx).map((b) => ({ ...b, m })));
      });

      fc.assert(
        fc.property(broken, ({ envelope, fields, m }) => {
          exercised.add(m.name);
          expect(fields.length).toBeGreaterThan(0);
          expect(schema.safeParse(envelope).success).toBe(false);
        }),
        { numRuns: 300 },
      );

      expect([...exercised].sort()).toEqual(mutations.map((m) => m.name).sort());
    });
  });

  it('drops a required field and names it', () => {
    const schema = z.strictObject({ goal: z.string(), note: z.string().optional() });

    const broken = brokenBy(mutationNamed(schema, 'drop_required'), { goal: 'refund', note: 'x' });

    expect(broken).toContainEqual({ envelope: { note: 'x' }, fields: ['goal'] });
    expect(broken.every((b) => b.fields[0] === 'goal')).toBe(true);
  });

  it('turns a number into its string as a coercion, only where a number is present', () => {
    const schema = z.strictObject({ age: z.int().optional(), name: z.string() });
    const numericString = mutationNamed(schema, 'numeric_string');

    expect(numericString).toMatchObject({ rule: 'structure', coercion: true });
    expect(brokenBy(numericString, { age: 25, name: 'a' })[0]).toEqual({
      envelope: { age: '25', name: 'a' },
      fields: ['age'],
    });
    expect(numericString.applies({ name: 'a' }, ctx)).toBe(false);
  });

  it('leaves out mutations the schema gives no chance to apply', () => {
    const schema = z.object({ name: z.string().nullable() });

    expect(structuralMutations(schema).map((m) => m.name)).toEqual([
      'structure.drop_required',
      'structure.wrong_type',
    ]);
  });

  it('replaces a value with one of another JSON type', () => {
    const schema = z.strictObject({ name: z.string() });

    const broken = brokenBy(mutationNamed(schema, 'wrong_type'), { name: 'a' });

    expect(broken.map((b) => typeof b.envelope.name)).not.toContain('string');
  });

  it('adds an unknown x_ field to strict objects, nested ones included', () => {
    const schema = z.strictObject({ customer: z.strictObject({ id: z.string() }) });

    const names = brokenBy(mutationNamed(schema, 'extra_field'), { customer: { id: 'C-1' } }).map(
      (b) => b.fields[0],
    );

    expect(names.every((n) => /^(customer\.)?x_[a-z0-9]+$/.test(n ?? ''))).toBe(true);
    expect(names.some((n) => n?.startsWith('customer.'))).toBe(true);
  });

  it('names nested fields with a dotted path', () => {
    const schema = z.strictObject({ customer: z.strictObject({ id: z.string() }).nullable() });
    const nullField = mutationNamed(schema, 'null_field');

    const broken = brokenBy(nullField, { customer: { id: 'C-1' } });

    expect(broken).toContainEqual({
      envelope: { customer: { id: null } },
      fields: ['customer.id'],
    });
    expect(nullField.applies({ customer: null }, ctx)).toBe(false);
  });

  it('makes strings too long and arrays too short', () => {
    const schema = z.strictObject({ goal: z.string().max(5), steps: z.array(z.string()).min(1) });
    const valid = { goal: 'ok', steps: ['a'] };

    const long = brokenBy(mutationNamed(schema, 'over_max_length'), valid);
    const short = brokenBy(mutationNamed(schema, 'array_too_short'), valid);

    expect(long.every((b) => (b.envelope.goal as string).length > 5)).toBe(true);
    expect(short[0]).toEqual({ envelope: { goal: 'ok', steps: [] }, fields: ['steps'] });
  });

  it('leaves fields alone that accept more than they say: .catch(), z.coerce, z.preprocess', () => {
    const schema = z.strictObject({
      retries: z.int().catch(0),
      age: z.coerce.number(),
      name: z.preprocess((v) => String(v), z.string().max(3)),
    });

    expect(structuralMutations(schema).map((m) => m.name)).toEqual(['structure.extra_field']);
  });

  it('refuses a schema that is not an object', () => {
    expect(() => structuralMutations(z.array(z.string()))).toThrow(/a non-object schema at #/);
  });
});
