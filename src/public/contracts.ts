/**
 * `baton-handoffs/contracts`: envelope contracts with their rules, mutations for writing your
 * own rules, envelope arbitraries and the property runner. It loads fast-check, so it lives apart
 * from the main entry (which a suite run needs); `defineContract` and the contract types are in
 * both.
 */
export { arbitraryFromSchema, structuralMutations } from '../contracts/arbitrary/index.ts';
export { checkEnvelope, formatIssuePath } from '../contracts/check-envelope.ts';
export { contractFor, validateContracts } from '../contracts/contract-for.ts';
export { type ContractSpec, defineContract } from '../contracts/define-contract.ts';
export {
  PROPERTY_NAMES,
  type PropertyName,
  type PropertyResult,
} from '../contracts/properties/property-result.ts';
export {
  type PropertyRunOptions,
  type PropertyTarget,
  runProperties,
} from '../contracts/properties/run-properties.ts';
export { RULE_CODES, rules } from '../contracts/rules/index.ts';
// For writing your own rules: a mutation from a spec, and envelope edits that keep the rest.
export { type MutationSpec, mutation, withField, without } from '../contracts/rules/mutation.ts';
export type {
  Contract,
  ContractIssue,
  Edge,
  Envelope,
  Mutation,
  NegotiationOutcome,
  NegotiationRequest,
  ReceiveOutcome,
  Receiver,
  Rule,
  ValidationContext,
} from '../contracts/types.ts';
export { compileYamlContract, YamlContractInput } from '../contracts/yaml-contract.ts';
