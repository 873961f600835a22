import * as fc from 'fast-check';
import { arbitraryFromSchema, structuralMutations } from '../arbitrary/index.ts';
import type { Contract, Envelope, Mutation, ValidationContext } from '../types.ts';

/** A broken envelope, the mutation that broke it and the fields a good rejection names. */
export interface BrokenEnvelope {
  readonly envelope: Envelope;
  readonly mutation: string;
  readonly rule: string;
  readonly coercion: boolean;
  readonly fields: readonly string[];
}

/** Valid envelopes for a contract's edge: schema-derived, then fitted to the rules' context. */
export function validEnvelopes(contract: Contract, ctx: ValidationContext): fc.Arbitrary<Envelope> {
  return (arbitraryFromSchema(contract.schema) as fc.Arbitrary<Envelope>).map((generated) =>
    contract.rules.reduce((env, rule) => rule.satisfy?.(env, ctx) ?? env, generated),
  );
}

/** Every way to break an envelope of this contract: each rule's mutations, then structural ones. */
export function mutationsOf(contract: Contract): Mutation[] {
  return [...contract.rules.flatMap((r) => r.mutations), ...structuralMutations(contract.schema)];
}

/**
 * Broken envelopes: a valid envelope and a number that picks one applicable mutation and seeds
 * it; undefined when no mutation of the kind applies to that envelope. Built from a tuple rather
 * than `chain`, so fast-check shrinks the envelope itself and counterexamples come out small.
 * `coercion` picks the mutations only a silently coercing receiver accepts (`"25"` for 25), or
 * all the others.
 */
export function brokenEnvelopes(
  contract: Contract,
  ctx: ValidationContext,
  coercion: boolean,
): fc.Arbitrary<BrokenEnvelope | undefined> {
  const mutations = mutationsOf(contract).filter((m) => (m.coercion ?? false) === coercion);
  return fc
    .tuple(validEnvelopes(contract, ctx), fc.nat())
    .map(([valid, pick]) => breakWith(mutations, valid, pick, ctx));
}

function breakWith(
  mutations: readonly Mutation[],
  valid: Envelope,
  pick: number,
  ctx: ValidationContext,
): BrokenEnvelope | undefined {
  const usable = mutations.filter((m) => m.applies(valid, ctx));
  const m = usable[pick % Math.max(1, usable.length)];
  if (!m) return undefined;
  const [broken] = fc.sample(m.apply(valid, ctx), { seed: pick, numRuns: 1 });
  if (!broken) return undefined;
  return {
    envelope: broken.envelope,
    fields: broken.fields,
    mutation: m.name,
    rule: m.rule,
    coercion: m.coercion ?? false,
  };
}
