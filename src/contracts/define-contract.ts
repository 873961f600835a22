import { z } from 'zod';
import type { Contract, Envelope, Rule } from './types.ts';
import { isZodSchema, zod4Problem, zodObjectShape } from './zod-version.ts';

/** What `defineContract` takes: the edge, the user's own fields and the rules from the library. */
export interface ContractSpec {
  /** The sender, or `*` for any sender (the default). */
  readonly from?: string;
  readonly to: string;
  /** Defaults to `from→to`. */
  readonly name?: string;
  readonly fields?: Readonly<Record<string, z.ZodType>> | z.ZodObject;
  readonly rules?: readonly Rule[];
}

/**
 * The contract of one handoff edge: a strict zod object of the user's fields and every rule's
 * fields. Throws when two of them declare the same field, or a rule appears twice.
 */
export function defineContract(spec: ContractSpec): Contract {
  const from = spec.from ?? '*';
  const name = spec.name ?? `${from}→${spec.to}`;
  const rules = spec.rules ?? [];
  assertDistinctRules(name, rules);
  const shape = mergeFields(name, ownFields(name, spec.fields), rules);
  // A strict object's output is a plain record of its fields: an Envelope.
  const schema = z.strictObject(shape) as unknown as z.ZodType<Envelope>;
  return { name, from, to: spec.to, schema, rules };
}

/** Which rule owns each top-level field (the first that declares it); user fields own none. */
export function fieldOwners(rules: readonly Rule[]): ReadonlyMap<string, string> {
  const owners = new Map<string, string>();
  for (const rule of rules) {
    for (const field of Object.keys(rule.fields))
      if (!owners.has(field)) owners.set(field, rule.code);
  }
  return owners;
}

function ownFields(
  name: string,
  fields: ContractSpec['fields'],
): Readonly<Record<string, z.ZodType>> {
  if (fields === undefined) return {};
  const objectShape = zodObjectShape(fields);
  if (objectShape === undefined && isZodSchema(fields)) {
    const problem = zod4Problem(fields) ?? 'is a zod schema but not an object';
    throw new Error(
      `Failed to define contract ${name}: \`fields\` ${problem}. Give z.object({ … }) or a record of field schemas.`,
    );
  }
  const shape = (objectShape ?? fields) as Record<string, z.ZodType>;
  for (const [field, schema] of Object.entries(shape)) {
    const problem = zod4Problem(schema);
    if (problem)
      throw new Error(`Failed to define contract ${name}: field \`${field}\` ${problem}.`);
  }
  return shape;
}

function mergeFields(
  name: string,
  own: Readonly<Record<string, z.ZodType>>,
  rules: readonly Rule[],
): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = { ...own };
  const declaredBy = new Map<string, string>(
    Object.keys(own).map((f) => [f, 'the contract fields']),
  );
  for (const rule of rules) {
    for (const [field, schema] of Object.entries(rule.fields)) {
      const other = declaredBy.get(field);
      // Rules may share a field by sharing its schema instance (findings.fresh and .capped do).
      if (other !== undefined && shape[field] !== schema) {
        throw new Error(
          `Failed to define contract ${name}: field \`${field}\` is declared by both ${other} and rule ${rule.code}. Rename the contract field, or drop one of them.`,
        );
      }
      shape[field] = schema;
      if (other === undefined) declaredBy.set(field, `rule ${rule.code}`);
    }
  }
  return shape;
}

function assertDistinctRules(name: string, rules: readonly Rule[]): void {
  const seen = new Set<string>();
  for (const rule of rules) {
    if (seen.has(rule.code)) {
      throw new Error(
        `Failed to define contract ${name}: rule ${rule.code} is listed twice. Keep one, with the options you want.`,
      );
    }
    seen.add(rule.code);
  }
}
