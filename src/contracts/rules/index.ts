import { acceptancePresent } from './acceptance.ts';
import { addresseeMatches } from './addressee.ts';
import { artifactsByReference } from './artifacts.ts';
import { decisionsRecorded } from './decisions.ts';
import { effectOwners } from './effects.ts';
import { environmentPresent } from './environment.ts';
import { cappedFindings } from './findings-capped.ts';
import { freshFindings } from './findings-fresh.ts';
import { goalCapped } from './goal-capped.ts';
import { hopCapped } from './hop.ts';
import { originalGoal } from './original-goal.ts';
import { outOfScope } from './out-of-scope.ts';

export type { AcceptanceOptions } from './acceptance.ts';
export type { AddresseeOptions } from './addressee.ts';
export type { ArtifactsOptions } from './artifacts.ts';
export { DEFAULT_ID_PATTERN } from './artifacts.ts';
export type { EnvironmentOptions } from './environment.ts';
export type { CappedFindingsOptions } from './findings-capped.ts';
export { FINDINGS_FIELD } from './findings-field.ts';
export type { FreshFindingsOptions } from './findings-fresh.ts';
export type { GoalOptions } from './goal-capped.ts';
export type { HopOptions } from './hop.ts';

/**
 * The rule library: factories with defaults, e.g. `rules.goal({ max: 400 })`. Each returns a
 * `Rule` with a stable code, the fields it owns and the mutations that break it.
 */
export const rules = {
  goal: goalCapped,
  acceptance: acceptancePresent,
  outOfScope,
  originalGoal,
  artifactsByReference,
  freshFindings,
  cappedFindings,
  environment: environmentPresent,
  decisions: decisionsRecorded,
  effectOwners,
  hop: hopCapped,
  addressee: addresseeMatches,
} as const;

/** Every rule code, in library order: stable names for reports, docs and YAML. */
export const RULE_CODES = [
  'goal.capped',
  'acceptance.present',
  'out_of_scope.present',
  'goal.original_kept',
  'artifacts.by_reference',
  'findings.fresh',
  'findings.capped',
  'environment.present',
  'decisions.recorded',
  'effects.owned',
  'hop.capped',
  'addressee.matches',
] as const;

export type RuleCode = (typeof RULE_CODES)[number];
