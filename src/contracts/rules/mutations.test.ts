import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { checkEnvelope } from '../check-envelope.ts';
import { contexts, DEFAULTS, satisfyAll, TIGHT } from './envelope-fixtures.ts';

describe.each([DEFAULTS, TIGHT])('every rule, $name', ({ contract, envelopes }) => {
  const validWithContext = fc
    .tuple(contexts, envelopes)
    .map(([ctx, env]) => ({ ctx, valid: satisfyAll(contract, env, ctx) }));

  test.prop([validWithContext])(
    'a generated envelope is valid once the rules satisfy it',
    ({ ctx, valid }) => {
      // Act
      const issues = checkEnvelope(contract, valid, ctx);

      // Assert
      expect(issues).toEqual([]);
    },
  );

  const mutations = contract.rules.flatMap((rule) => rule.mutations.map((m) => ({ rule, m })));

  describe.each(mutations.map(({ rule, m }) => [m.name, rule, m] as const))(
    '%s',
    (_name, rule, m) => {
      test('names the rule it breaks', () => {
        expect(m.rule).toBe(rule.code);
      });

      test.prop([
        validWithContext.chain(({ ctx, valid }) =>
          m.apply(valid, ctx).map((broken) => ({ ctx, valid, broken })),
        ),
      ])('is rejected with exactly that rule, at the fields it names', ({ ctx, valid, broken }) => {
        // Arrange
        expect(m.applies(valid, ctx)).toBe(true);

        // Act
        const issues = checkEnvelope(contract, broken.envelope, ctx);

        // Assert
        expect(issues.length).toBeGreaterThan(0);
        expect(new Set(issues.map((i) => i.rule))).toEqual(new Set([rule.code]));
        for (const issue of issues) expect(broken.fields).toContain(issue.path[0]);
      });
    },
  );

  test('every rule has at least one mutation, and mutation names are unique', () => {
    const names = mutations.map(({ m }) => m.name);
    expect(contract.rules.every((r) => r.mutations.length > 0)).toBe(true);
    expect(new Set(names).size).toBe(names.length);
  });

  test('the schema converts to JSON Schema, so schema-derived generators can read it', () => {
    expect(() => z.toJSONSchema(contract.schema, { io: 'input' })).not.toThrow();
  });
});
