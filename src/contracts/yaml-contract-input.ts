import { z } from 'zod';

// The YAML contract's input schema, apart from compiling it: suite parsing needs only this, not
// the rules (and fast-check) behind them.

/**
 * A field type in a YAML contract: `string`, `number`, `integer`, `boolean`, `string[]`,
 * `number[]`, `object` (any JSON object) or `any` (any JSON value), each optionally followed by
 * `?` to make the field optional — `amount: number?`. An enum, so a typo gets "did you mean".
 */
export const FieldType = z
  .enum([
    'string',
    'number',
    'integer',
    'boolean',
    'string[]',
    'number[]',
    'object',
    'any',
    'string?',
    'number?',
    'integer?',
    'boolean?',
    'string[]?',
    'number[]?',
    'object?',
    'any?',
  ])
  .describe('A field type, optionally followed by `?` for an optional field, e.g. `number?`.');

export type FieldTypeName = z.infer<typeof FieldType>;

const Whole = (min: number) => z.number().int().min(min);
const FieldName = z.string().min(1);
const RegexSource = z
  .string()
  .min(1)
  .refine(compiles, { error: 'expected a valid regular expression' })
  .describe('A regular expression a record id must match, e.g. `^[a-z]+:[A-Z0-9-]+$`.');

// A rule is on when its key is there, with its options or `{}` for the defaults. A bare `hop:`
// (null) is refused on purpose: accepting it would make every wrong value read "mapping or null".
const on = <T extends z.core.$ZodLooseShape>(options: T) => z.strictObject(options).optional();

/** The rules of a YAML contract, keyed by name, each with its options (`{}` for the defaults). */
const YamlRules = z.strictObject({
  goal: on({ max: Whole(1).optional() }),
  acceptance: on({ min: Whole(0).optional() }),
  out_of_scope: on({}),
  original_goal: on({}),
  artifacts: on({ max_inline: Whole(1).optional(), id_pattern: RegexSource.optional() }),
  findings: on({ max_age_ms: Whole(1).optional(), max: Whole(0).optional() }).describe(
    'Turns on both findings.fresh (timestamps within max_age_ms) and findings.capped.',
  ),
  environment: on({ field: FieldName.optional() }),
  decisions: on({}),
  effects: on({}),
  hop: on({ cap: Whole(1).optional() }),
  addressee: on({ field: FieldName.optional() }),
});

/** One entry of a suite's `contracts.edges`: the contract of an edge, written in YAML. */
export const YamlContractInput = z.strictObject({
  from: z.string().min(1).default('*').describe('The sender, or `*` for any sender.'),
  to: z.string().min(1).describe('The receiver.'),
  name: z.string().min(1).optional().describe('Defaults to `from→to`.'),
  fields: z
    .record(z.string(), FieldType)
    .optional()
    .describe('Your own envelope fields and their types, e.g. `{ order_id: string }`.'),
  rules: YamlRules.optional(),
});

/** A YAML contract before or after parsing (`from` defaults to `*` either way). */
export type YamlContract = z.input<typeof YamlContractInput>;

function compiles(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}
