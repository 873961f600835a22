import { z } from 'zod';
import { defineContract } from './define-contract.ts';
import { rules } from './rules/index.ts';
import type { Contract, Rule } from './types.ts';
import type { FieldTypeName, YamlContract } from './yaml-contract-input.ts';

export {
  FieldType,
  type FieldTypeName,
  type YamlContract,
  YamlContractInput,
} from './yaml-contract-input.ts';

/** Builds the same `Contract` that `defineContract` builds from the equivalent zod and rules. */
export function compileYamlContract(input: YamlContract): Contract {
  return defineContract({
    from: input.from ?? '*',
    to: input.to,
    ...(input.name !== undefined && { name: input.name }),
    fields: Object.fromEntries(
      Object.entries(input.fields ?? {}).map(([name, type]) => [name, fieldSchema(type)]),
    ),
    rules: compileRules(input.rules ?? {}),
  });
}

/** The zod schema of a YAML field type. */
export function fieldSchema(type: FieldTypeName): z.ZodType {
  const optional = type.endsWith('?');
  const base = BASE_TYPES[(optional ? type.slice(0, -1) : type) as BaseType]();
  return optional ? base.optional() : base;
}

type BaseType = Exclude<FieldTypeName, `${string}?`>;

const BASE_TYPES: Readonly<Record<BaseType, () => z.ZodType>> = {
  string: () => z.string(),
  number: () => z.number(),
  integer: () => z.number().int(),
  boolean: () => z.boolean(),
  'string[]': () => z.array(z.string()),
  'number[]': () => z.array(z.number()),
  object: () => z.record(z.string(), z.unknown()),
  // z.unknown() alone would let the field be missing; `any` means "present, any value".
  any: () => z.unknown().refine((v) => v !== undefined, { error: 'any value' }),
};

// Library order, whatever order the YAML lists them in: the same rules give the same contract.
function compileRules(r: NonNullable<YamlContract['rules']>): Rule[] {
  const out: Rule[] = [];
  if (r.goal) out.push(rules.goal({ max: r.goal.max }));
  if (r.acceptance) out.push(rules.acceptance({ min: r.acceptance.min }));
  if (r.out_of_scope) out.push(rules.outOfScope());
  if (r.original_goal) out.push(rules.originalGoal());
  if (r.artifacts) {
    const { max_inline: maxInline, id_pattern: idPattern } = r.artifacts;
    out.push(rules.artifactsByReference({ maxInline, idPattern }));
  }
  if (r.findings) {
    const { max_age_ms: maxAgeMs, max } = r.findings;
    out.push(rules.freshFindings({ maxAgeMs }), rules.cappedFindings({ max }));
  }
  if (r.environment) out.push(rules.environment({ field: r.environment.field }));
  if (r.decisions) out.push(rules.decisions());
  if (r.effects) out.push(rules.effectOwners());
  if (r.hop) out.push(rules.hop({ cap: r.hop.cap }));
  if (r.addressee) out.push(rules.addressee({ field: r.addressee.field }));
  return out;
}
