import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { checkEnvelope } from './check-envelope.ts';
import { defineContract } from './define-contract.ts';
import { CTX, DEFAULTS, satisfyAll } from './rules/envelope-fixtures.ts';
import { rules } from './rules/index.ts';
import {
  compileYamlContract,
  type FieldTypeName,
  fieldSchema,
  YamlContractInput,
} from './yaml-contract.ts';

const YAML = `
from: planner
to: coder
name: plan handoff
fields:
  order_id: string
  amount: number?
  tags: string[]
  attempt: integer?
  meta: object?
  urgent: boolean?
  scores: number[]?
rules:
  goal: { max: 200 }
  acceptance: {}
  out_of_scope: {}
  original_goal: {}
  artifacts: { max_inline: 256, id_pattern: '^[a-z]+:[A-Z0-9-]+$' }
  findings: { max_age_ms: 3600000, max: 3 }
  environment: { field: sandbox_id }
  decisions: {}
  effects: {}
  hop: { cap: 3 }
  addressee: {}
`;

const inCode = defineContract({
  from: 'planner',
  to: 'coder',
  name: 'plan handoff',
  fields: {
    order_id: z.string(),
    amount: z.number().optional(),
    tags: z.array(z.string()),
    attempt: z.number().int().optional(),
    meta: z.record(z.string(), z.unknown()).optional(),
    urgent: z.boolean().optional(),
    scores: z.array(z.number()).optional(),
  },
  rules: [
    rules.goal({ max: 200 }),
    rules.acceptance(),
    rules.outOfScope(),
    rules.originalGoal(),
    rules.artifactsByReference({ maxInline: 256, idPattern: '^[a-z]+:[A-Z0-9-]+$' }),
    rules.freshFindings({ maxAgeMs: 3_600_000 }),
    rules.cappedFindings({ max: 3 }),
    rules.environment({ field: 'sandbox_id' }),
    rules.decisions(),
    rules.effectOwners(),
    rules.hop({ cap: 3 }),
    rules.addressee(),
  ],
});

const fromYaml = compileYamlContract(YamlContractInput.parse(parse(YAML)));

const KEYS = [...Object.keys(inCode.schema.toJSONSchema().properties ?? {}), 'extra'];
const envelopes = fc.oneof(
  // Near-valid envelopes: the default fixture fitted to this contract's renamed field.
  DEFAULTS.envelopes.map(({ environment, ...env }) => ({
    ...env,
    sandbox_id: environment,
    tags: [],
  })),
  fc.dictionary(fc.constantFrom(...KEYS), fc.anything(), { maxKeys: 8 }),
  fc.anything(),
);

describe('compileYamlContract', () => {
  it('builds the edge, the name and the rules in library order', () => {
    expect(fromYaml).toMatchObject({ from: 'planner', to: 'coder', name: 'plan handoff' });
    expect(fromYaml.rules.map((r) => r.code)).toEqual(inCode.rules.map((r) => r.code));
  });

  test.prop([envelopes])(
    'gives the same issues as the same contract written with defineContract',
    (raw) => {
      // Arrange
      const envelope =
        raw !== null && typeof raw === 'object' && !Array.isArray(raw)
          ? satisfyAll(inCode, raw as Record<string, unknown>, CTX)
          : raw;

      // Act
      const yamlIssues = checkEnvelope(fromYaml, envelope, CTX);
      const codeIssues = checkEnvelope(inCode, envelope, CTX);

      // Assert
      expect(yamlIssues).toEqual(codeIssues);
    },
  );

  it('takes any sender and the edge as the name when they are left out', () => {
    const contract = compileYamlContract({ to: 'refunds' });
    expect(contract).toMatchObject({ from: '*', to: 'refunds', name: '*→refunds', rules: [] });
  });

  it('turns on both findings rules with the one `findings` key', () => {
    const contract = compileYamlContract({ to: 'coder', rules: { findings: {} } });
    expect(contract.rules.map((r) => r.code)).toEqual(['findings.fresh', 'findings.capped']);
  });
});

describe('YAML field types', () => {
  it.each<[FieldTypeName, unknown[], unknown[]]>([
    ['string', ['', 'A-1001'], [undefined, 1]],
    ['integer', [0, -3], [2.5, '2', undefined]],
    ['number?', [undefined, 2.5], ['2.5', null]],
    ['string[]', [[], ['a']], [['a', 1], 'a']],
    ['object', [{}, { a: 1 }], [[], null, undefined]],
    ['any', [null, 0, 'x', []], [undefined]],
    ['any?', [undefined, 'x'], []],
  ])('%s accepts %j and refuses %j', (type, good, bad) => {
    const schema = z.strictObject({ field: fieldSchema(type) });
    const ok = (value: unknown) =>
      schema.safeParse(value === undefined ? {} : { field: value }).success;
    expect(good.map(ok)).toEqual(good.map(() => true));
    expect(bad.map(ok)).toEqual(bad.map(() => false));
  });
});

describe('YamlContractInput', () => {
  const issuesOf = (input: unknown) => YamlContractInput.safeParse(input).error?.issues ?? [];

  it('refuses a misspelt field type with the list of types (the loader adds "did you mean")', () => {
    expect(issuesOf({ to: 'coder', fields: { amount: 'nmber?' } })).toMatchObject([
      {
        code: 'invalid_value',
        path: ['fields', 'amount'],
        values: expect.arrayContaining(['number?', 'string']),
      },
    ]);
  });

  it('refuses an unknown rule and an unknown rule option', () => {
    expect(issuesOf({ to: 'coder', rules: { goals: {}, hop: { max: 3 } } })).toMatchObject([
      { code: 'unrecognized_keys', path: ['rules', 'hop'], keys: ['max'] },
      { code: 'unrecognized_keys', path: ['rules'], keys: ['goals'] },
    ]);
  });

  it('refuses an id pattern that is not a regular expression, and a hop cap below 1', () => {
    const issues = issuesOf({
      to: 'coder',
      rules: { artifacts: { id_pattern: '[a-' }, hop: { cap: 0 } },
    });
    expect(issues).toMatchObject([
      {
        code: 'custom',
        path: ['rules', 'artifacts', 'id_pattern'],
        message: 'expected a valid regular expression',
      },
      { code: 'too_small', path: ['rules', 'hop', 'cap'] },
    ]);
  });

  it('converts to JSON Schema for the published suite schema', () => {
    expect(() => z.toJSONSchema(YamlContractInput, { io: 'input' })).not.toThrow();
  });
});
